// The axios instance behind src/api/client.ts, in a module of its own so the client loads it on the first request
// instead of with the first paint. Tests import it directly (fakes, spies); pages go through client.ts.
import axios from 'axios';

// Where a failed call sends the shopper: needed only once a request has been made, so it loads with axios.
export { quietCall, redirectFor } from './quiet-calls.ts';

const newRequestId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;

export const http = axios.create({ baseURL: '/', withCredentials: true, headers: { 'content-type': 'application/json' } });
http.interceptors.request.use((config) => {
  config.headers.set('x-request-id', newRequestId());
  return config;
});
