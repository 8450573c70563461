/**
 * Turns whatever was typed or pasted into an amount field into a clean decimal string:
 * digits and one decimal point, at most two decimals, no leading zeros ("$1,2a3.456" → "123.45",
 * ".5" → "0.5", "00012" → "12"). A trailing point is kept ("12." while the customer is typing).
 * The result is still a string: the app converts it to integer cents exactly.
 */
export function sanitizeAmountInput(raw: string): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  const hasPoint = point !== -1;
  const whole = hasPoint ? kept.slice(0, point) : kept;
  const fraction = hasPoint ? kept.slice(point + 1).replace(/\./g, '').slice(0, 2) : '';

  let integer = whole.replace(/^0+/, '');
  if (integer === '' && (hasPoint || whole !== '')) integer = '0';
  if (integer === '' && !hasPoint) return '';
  return hasPoint ? `${integer}.${fraction}` : integer;
}
