/**
 * A value made on first use and kept: for Intl formatters, whose construction loads locale data (milliseconds of a
 * slow phone's main thread), so a module that merely may format pays nothing when it is loaded.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
