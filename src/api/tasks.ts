/**
 * Resolves in a new task, after anything the browser has waiting (a tap, a frame): a way to cut main-thread work
 * that would otherwise run as one long task on a slow phone. A posted message, not a timer: nested timers are
 * clamped to 4 ms, and tests' fake timers do not hold a message.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel !== 'function') return void setTimeout(resolve, 0);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });
}
