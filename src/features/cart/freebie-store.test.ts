import { AxiosError } from 'axios';
import { http } from '../../api/http.ts';
import { freebieStore } from './stores.ts';

// SPEC §8 error table: a failed freebie fetch is passed on as the error object, not reduced to its message.

afterEach(() => {
  http.defaults.adapter = undefined;
  freebieStore.reset();
});

test('a failed freebie fetch keeps the error object (status and message) beside the message shown', async () => {
  http.defaults.adapter = async (config) => {
    throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, {
      data: { status: 0, message: 'Free gifts are unavailable right now', data: null },
      status: 503,
      statusText: '',
      headers: {},
      config,
    });
  };
  expect(await freebieStore.load()).toBeNull();
  const state = freebieStore.get();
  expect(state).toMatchObject({ loading: false, data: null, error: 'Free gifts are unavailable right now' });
  expect(state.failure).toEqual({
    response: { data: { message: 'Free gifts are unavailable right now' }, status: 503 },
    message: 'Free gifts are unavailable right now',
  });
});

test('a freebie fetch that succeeds clears the error object', async () => {
  http.defaults.adapter = async (config) => ({
    data: { status: 1, message: '', data: { freebies: [] } },
    status: 200,
    statusText: '',
    headers: {},
    config,
  });
  await freebieStore.load();
  expect(freebieStore.get()).toEqual({ loading: false, data: { freebies: [] }, error: null });
});
