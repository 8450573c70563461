import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DropZone, formatFileSize, type UploadRow } from './DropZone';

function renderZone(rows: UploadRow[] = [], handlers: Partial<{ onFiles: jest.Mock; onRetry: jest.Mock; onRemove: jest.Mock }> = {}) {
  const props = { onFiles: jest.fn(), onRetry: jest.fn(), onRemove: jest.fn(), ...handlers };
  render(
    <DropZone
      label="Upload statement"
      dropLabel="Drop statement files here"
      hint="PNG or PDF"
      multiple
      rows={rows}
      rowsLabel="Statement files"
      {...props}
    />,
  );
  return props;
}

describe('DropZone', () => {
  it('file sizes read as a person counts them: bytes, kB, MB', () => {
    expect(formatFileSize(64)).toBe('64 bytes');
    expect(formatFileSize(2048)).toBe('2 kB');
    expect(formatFileSize(5_242_880)).toBe('5 MB');
    expect(formatFileSize(1_572_864)).toBe('1.5 MB');
  });

  it('the file input is labelled, described by the hint, in the Tab order, and Enter opens the picker', async () => {
    const user = userEvent.setup();
    renderZone();
    const input = screen.getByLabelText('Upload statement');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('PNG or PDF');
    await user.tab();
    expect(input).toHaveFocus();
    const click = jest.spyOn(input, 'click').mockImplementation(() => undefined);
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('dropped files are handed over like chosen ones, and the zone shows a drag over it', () => {
    const { onFiles } = renderZone();
    const zone = screen.getByRole('group', { name: 'Drop statement files here' });
    const files = [new File(['a'], 'a.png'), new File(['b'], 'b.pdf')];
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files } });
    expect(zone).toHaveClass('ff-drop-zone--dragging');
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files } });
    expect(zone).not.toHaveClass('ff-drop-zone--dragging');
    expect(onFiles).toHaveBeenCalledWith(files);
  });

  it('each row shows its own state; Retry only on a retryable failed row, and it names that file alone', async () => {
    const user = userEvent.setup();
    const { onRetry, onRemove } = renderZone([
      { id: 'a', name: 'a.png', size: 100, state: 'uploading' },
      { id: 'b', name: 'b.pdf', size: 2048, state: 'done' },
      { id: 'c', name: 'c.png', size: 300, state: 'failed', error: 'Something went wrong. Try again.', retryable: true },
      { id: 'd', name: 'd.gif', size: 5, state: 'failed', error: 'This image type is not supported.', retryable: false },
    ]);
    const rows = within(screen.getByRole('list', { name: 'Statement files' })).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual(['uploading', 'done', 'failed', 'failed']);
    expect(rows[0]).toHaveTextContent('Uploading…');
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(rows[1]).toHaveTextContent('2 kBUploaded');
    expect(within(rows[3]).getByRole('alert')).toHaveTextContent('This image type is not supported.');
    expect(screen.getAllByRole('button', { name: /^Retry/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Retry c.png']);
    await user.click(within(rows[2]).getByRole('button', { name: 'Retry c.png' }));
    expect(onRetry).toHaveBeenCalledWith('c');
    // Focus stays on the retried row, not lost to the page.
    expect(rows[2]).toHaveFocus();
    await user.click(within(rows[3]).getByRole('button', { name: 'Remove d.gif' }));
    expect(onRemove).toHaveBeenCalledWith('d');
    expect(screen.getByLabelText('Upload statement')).toHaveFocus();
  });
});
