import { Badge, BankIcon, CardIcon, List, ListRow, MicroDepositIcon, OptionsMenu } from '../index';

/** The manage-funding-methods list, each row with its options menu. */
export function GalleryFundingMethods({ onRemove }: { onRemove: () => void }) {
  return (
    <List label="Funding methods">
      <ListRow
        icon={<BankIcon />}
        title="Chase Checking"
        badge="(Default)"
        subtitle="Checking ••4821"
        trailing={
          <OptionsMenu
            label="Options for Chase Checking"
            items={[
              { id: 'nickname', label: 'Set nickname', onSelect: () => {} },
              { id: 'default', label: 'Set as Default', onSelect: () => {}, disabled: true, hint: 'Already your default' },
              { id: 'remove', label: 'Remove', onSelect: onRemove, tone: 'danger' },
            ]}
          />
        }
      />
      <ListRow
        icon={<CardIcon />}
        title="Visa debit"
        subtitle="Expires 08/28 · ••4242"
        trailing={
          <OptionsMenu
            label="Options for Visa debit"
            items={[
              { id: 'update', label: 'Update debit card', onSelect: () => {} },
              { id: 'default', label: 'Set as Default', onSelect: () => {} },
              { id: 'remove', label: 'Remove', onSelect: onRemove, tone: 'danger' },
            ]}
          />
        }
      />
      <ListRow
        icon={<MicroDepositIcon />}
        title="Ally Savings"
        subtitle="Verify the two small deposits to finish"
        trailing={<Badge tone="warning">Pending</Badge>}
      />
    </List>
  );
}
