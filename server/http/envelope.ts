// The response envelope of every /api call: { status: 1 | 0, message, data }.
export function ok<T>(data: T, message = 'Success') {
  return { status: 1 as const, message, data };
}
export function fail<T = null>(message: string, data: T = null as T) {
  return { status: 0 as const, message, data };
}
