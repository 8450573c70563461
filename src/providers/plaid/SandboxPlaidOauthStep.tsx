import { BankIcon, Stack } from '../../../ui';

/** The OAuth bank's first step: the customer is about to be sent to the bank's site to log in. */
export function SandboxPlaidOauthStep({ bankName }: { bankName: string }) {
  return (
    <Stack gap={3}>
      <div className="ff-sandbox-plaid__bank">
        <BankIcon size={28} />
        <strong>{bankName}</strong>
      </div>
      <p>You will be sent to {bankName} to log in. You will come back here to finish linking your account.</p>
    </Stack>
  );
}
