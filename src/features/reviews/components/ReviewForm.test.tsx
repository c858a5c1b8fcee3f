// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ReviewForm } from './ReviewForm.tsx';

// SPEC §5: a photo already uploaded may be given by its link; a refused link stays in the field to be corrected.

afterEach(cleanup);

function setup(answer: boolean) {
  const onAddPhotoLink = vi.fn(async (_url: string) => answer);
  render(
    <ReviewForm submitLabel="Send" photos={[]} onAddPhoto={async () => {}} onAddPhotoLink={onAddPhotoLink} onSubmit={async () => {}} />,
  );
  const field = screen.getByRole('textbox', { name: 'Link to a photo you uploaded to Kasrat' }) as HTMLInputElement;
  fireEvent.change(field, { target: { value: 'https://kasrat-media.example/review/abc' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
  return { onAddPhotoLink, field };
}

test('an accepted link is handed over and the field empties', async () => {
  const { onAddPhotoLink, field } = setup(true);
  await waitFor(() => expect(field.value).toBe(''));
  expect(onAddPhotoLink).toHaveBeenCalledWith('https://kasrat-media.example/review/abc');
});

test('a refused link stays in the field', async () => {
  const { onAddPhotoLink, field } = setup(false);
  await waitFor(() => expect(onAddPhotoLink).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add link' })).toBeEnabled());
  expect(field.value).toBe('https://kasrat-media.example/review/abc');
});
