/** One line of a money flow's review list (inside its `<dl className="ff-deposit__rows">`); `strong` marks the total. */
export function ReviewRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'ff-deposit__row ff-deposit__row--total' : 'ff-deposit__row'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
