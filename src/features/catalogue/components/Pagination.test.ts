import { pageWindow } from './Pagination.tsx';

describe('pages offered by the pager', () => {
  test.each([
    ['one page', 1, 1, [1]],
    ['few pages: all of them', 2, 4, [1, 2, 3, 4]],
    ['the first page of many', 1, 20, [1, 2, 3, null, 20]],
    ['the middle of many: two either side, first and last', 10, 20, [1, null, 8, 9, 10, 11, 12, null, 20]],
    ['near the start there is no gap before', 4, 20, [1, 2, 3, 4, 5, 6, null, 20]],
    ['the last page', 20, 20, [1, null, 18, 19, 20]],
  ] as const)('%s', (_rule, current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected);
  });
});
