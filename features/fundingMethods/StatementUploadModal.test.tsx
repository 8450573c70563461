import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FundingMessages, FundingValidationMessages, IMAGE_UPLOAD_MAX_BYTES } from '../../api/contract/values';
import { paymentMethodFixture } from '../../test/fixtures';
import { fundingError } from '../../test/msw/fundingHandlers';
import { renderFunding } from './fundingTestUtils';
import { ManageFundingMethods } from './ManageFundingMethods';
import { readAsBase64 } from './statementFiles';
import { STATEMENT_TEXT } from './statementUploadText';
import { statementUploadOpened } from './statementUploadSlice';

// The unit environment gives the window Node's Blob and File, which jsdom's FileReader refuses; this small
// FileReader reads them the same way (the real one runs in the browser suite).
class NodeBlobFileReader {
  result: string | null = null;
  error: Error | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readAsDataURL(blob: Blob) {
    blob.arrayBuffer().then(
      (buffer) => {
        this.result = `data:${blob.type || 'application/octet-stream'};base64,${Buffer.from(buffer).toString('base64')}`;
        this.onload?.();
      },
      (error: Error) => {
        this.error = error;
        this.onerror?.();
      },
    );
  }
}
const realFileReader = window.FileReader;
beforeAll(() => {
  window.FileReader = NodeBlobFileReader as unknown as typeof FileReader;
});
afterAll(() => {
  window.FileReader = realFileReader;
});

const unverified = paymentMethodFixture({
  id: 'unverified',
  displayName: 'Navy Federal Checking',
  paymentMethodNumber: '5544',
  readiness: 'VERIFICATION_NEEDED',
  verificationStatus: 'UNVERIFIED',
});
const verified = paymentMethodFixture({ id: 'fine', displayName: 'Chase Total Checking', defaultPaymentMethod: true });
const png = (name = 'statement.png', size = 64) => new File([new Uint8Array(size)], name, { type: 'image/png' });

function openUpload(options: Parameters<typeof renderFunding>[1] = {}) {
  const rendered = renderFunding(<div />, { methods: [verified, unverified], ...options });
  act(() => {
    rendered.store.dispatch(statementUploadOpened());
  });
  return rendered;
}

async function pickBank(user: ReturnType<typeof renderFunding>['user']) {
  const dialog = await screen.findByRole('dialog', { name: STATEMENT_TEXT.title });
  const list = await within(dialog).findByRole('list', { name: 'Banks to verify' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  await user.click(within(list).getByRole('button', { name: /Navy Federal Checking/ }));
  return dialog;
}

describe('Bank verification by statement upload (2.8, 4.5)', () => {
  it('reads a file as base64 without the data: prefix', async () => {
    await expect(readAsBase64(new Blob(['hi']))).resolves.toBe('aGk=');
  });

  it('lists only unverified banks, says review takes 1-2 business days; Submit waits for an uploaded file', async () => {
    const { user } = openUpload();
    const dialog = await pickBank(user);
    expect(dialog).toHaveTextContent('1-2 business days');
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('uploads files, then submits and returns to the list', async () => {
    const { user, backend } = openUpload();
    const dialog = await pickBank(user);
    await user.upload(within(dialog).getByLabelText('Upload statement'), [png('page-1.png'), png('page-2.pdf')]);
    const files = within(dialog).getByRole('list', { name: 'Statement files' });
    await waitFor(() => expect(within(files).getAllByText('Uploaded')).toHaveLength(2));
    expect(backend.calls.uploads.sort()).toEqual(['page-1.png', 'page-2.pdf']);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(backend.calls.submits).toHaveLength(1));
    expect(backend.calls.submits[0].paymentMethodId).toBe('unverified');
    expect(backend.calls.submits[0].fileUniqueIds.sort()).toEqual(['file-1', 'file-2']);
    expect(await within(dialog).findByText(STATEMENT_TEXT.submitted)).toBeInTheDocument();
  });

  it("refuses other types: 'This image type is not supported.'", async () => {
    const { user, backend } = openUpload();
    const dialog = await pickBank(user);
    fireEvent.change(within(dialog).getByLabelText('Upload statement'), {
      target: { files: [new File(['x'], 'scan.gif', { type: 'image/gif' })] },
    });
    expect(await within(dialog).findByText(FundingValidationMessages.imageTypeNotSupported)).toBeInTheDocument();
    expect(backend.calls.uploads).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it("refuses images over 5,242,880 bytes: 'This image is too big.'", async () => {
    const { user } = openUpload();
    const dialog = await pickBank(user);
    await user.upload(within(dialog).getByLabelText('Upload statement'), png('huge.png', IMAGE_UPLOAD_MAX_BYTES + 1));
    expect(await within(dialog).findByText(FundingValidationMessages.imageTooBig)).toBeInTheDocument();
  });

  it('drop zone: Retry on a failed row sends that file alone again; the uploaded file is not sent twice', async () => {
    const { user, backend } = openUpload({ failUploadOnce: ['page-2.png'] });
    const dialog = await pickBank(user);
    await user.upload(within(dialog).getByLabelText('Upload statement'), [png('page-1.png', 2048), png('page-2.png')]);
    const files = within(dialog).getByRole('list', { name: 'Statement files' });
    expect(await within(files).findByText(FundingValidationMessages.uploadFailed)).toBeInTheDocument();
    await waitFor(() => expect(within(files).getAllByText('Uploaded')).toHaveLength(1));
    const rows = within(files).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('page-1.png2 kBUploaded');
    expect(rows[1]).toHaveTextContent('page-2.png64 bytes');
    // Only the failed row offers Retry.
    expect(within(rows[0]).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(backend.calls.uploads.sort()).toEqual(['page-1.png', 'page-2.png']);
    await user.click(within(rows[1]).getByRole('button', { name: 'Retry page-2.png' }));
    await waitFor(() => expect(within(files).getAllByText('Uploaded')).toHaveLength(2));
    expect(backend.calls.uploads.sort()).toEqual(['page-1.png', 'page-2.png', 'page-2.png']);
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled();
    // The chosen bank is still the one on the step.
    expect(within(dialog).getByText(/5544/)).toBeInTheDocument();
  });

  it('drop zone: files dropped on the zone are taken like chosen ones; a file refused here has Remove and no Retry, and is never sent', async () => {
    const { user, backend } = openUpload();
    const dialog = await pickBank(user);
    const zone = within(dialog).getByRole('group', { name: 'Drop statement files here' });
    const dropped = [png('scan.png'), new File(['x'], 'notes.txt', { type: 'text/plain' })];
    fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], files: dropped } });
    expect(zone).toHaveClass('ff-drop-zone--dragging');
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: dropped } });
    const files = within(dialog).getByRole('list', { name: 'Statement files' });
    expect(await within(files).findByText('Uploaded')).toBeInTheDocument();
    const refused = within(files).getAllByRole('listitem')[1];
    expect(refused).toHaveTextContent(FundingValidationMessages.imageTypeNotSupported);
    expect(within(refused).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(backend.calls.uploads).toEqual(['scan.png']);
    await user.click(within(refused).getByRole('button', { name: 'Remove notes.txt' }));
    expect(within(files).getAllByRole('listitem')).toHaveLength(1);
    // Focus goes back to the zone's file input, not to the page.
    expect(within(dialog).getByLabelText('Upload statement')).toHaveFocus();
  });

  it("marks a failed upload 'Something went wrong. Try again.'", async () => {
    const { user } = openUpload({ failUpload: true });
    const dialog = await pickBank(user);
    await user.upload(within(dialog).getByLabelText('Upload statement'), png());
    expect(await within(dialog).findByText(FundingValidationMessages.uploadFailed)).toBeInTheDocument();
    expect(await screen.findByText(FundingMessages.uploadFailed)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it("shows the server's reason for refusing a file, keeps the chosen bank and the file's row, and lets another file be tried", async () => {
    const { user } = openUpload({ failUpload: fundingError(400, 'FILE_TYPE_NOT_SUPPORTED', 'This image type is not supported.') });
    const dialog = await pickBank(user);
    await user.upload(within(dialog).getByLabelText('Upload statement'), png('renamed.png'));
    expect(await within(dialog).findByText('This image type is not supported.')).toBeInTheDocument();
    expect(within(dialog).getByText('renamed.png')).toBeInTheDocument();
    expect(within(dialog).queryByText(FundingValidationMessages.uploadFailed)).not.toBeInTheDocument();
    // Still on the chosen bank's upload step, with the file input there for another try.
    expect(within(dialog).getByText(/5544/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Upload statement')).toBeEnabled();
  });

  it('asks before leaving with uploads; Stay keeps them, Leave goes back to the list', async () => {
    const { user } = openUpload();
    const dialog = await pickBank(user);
    await user.upload(within(dialog).getByLabelText('Upload statement'), png());
    await within(dialog).findByText('Uploaded');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    const confirm = await screen.findByRole('dialog', { name: STATEMENT_TEXT.exitTitle });
    await user.click(within(confirm).getByRole('button', { name: 'Stay' }));
    expect(within(dialog).getByText('statement.png')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(await screen.findByRole('dialog', { name: STATEMENT_TEXT.exitTitle })).getByRole('button', { name: 'Leave' }));
    expect(await within(dialog).findByRole('list', { name: 'Banks to verify' })).toBeInTheDocument();
  });

  it("opens from the method's 'Verify with a statement' and from ?bankVerification=enabled, whose flag goes away on close", async () => {
    const { user } = renderFunding(<ManageFundingMethods />, {
      methods: [verified, unverified],
      route: '/settings/funding-methods?bankVerification=enabled&origin=x',
    });
    const dialog = await screen.findByRole('dialog', { name: STATEMENT_TEXT.title });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/funding-methods\?origin=x$/));
    await user.click(await screen.findByRole('button', { name: 'Options for Navy Federal Checking' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Verify with a statement' }));
    expect(await screen.findByLabelText('Upload statement')).toBeInTheDocument();
  });
});
