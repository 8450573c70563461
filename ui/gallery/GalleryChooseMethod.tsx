import { Badge, BankIcon, CardIcon, List, ListRow, MicroDepositIcon, WireIcon } from '../index';

/** The choose-a-funding-method list (one row disabled at its limit). */
export function GalleryChooseMethod({ onChoose }: { onChoose: () => void }) {
  return (
    <List label="Ways to add money">
      <ListRow
        icon={<BankIcon />}
        title="Bank account"
        subtitle="Connect instantly with your bank login"
        trailing={<Badge tone="success">Recommended</Badge>}
        onClick={onChoose}
      />
      <ListRow icon={<CardIcon />} title="Debit card" subtitle="Instant deposits, up to $5,000 a day" onClick={onChoose} />
      <ListRow icon={<WireIcon />} title="Wire transfer" subtitle="For large amounts; your bank may charge a fee" onClick={onChoose} />
      <ListRow
        icon={<MicroDepositIcon />}
        title="Microdeposit"
        subtitle="Enter account and routing numbers · 1–3 days"
        onClick={onChoose}
      />
      <ListRow icon={<BankIcon />} title="Another bank" subtitle="Limit reached: up to three bank accounts" onClick={onChoose} disabled />
    </List>
  );
}
