import { sanitizeAmountInput } from './amount';

describe('sanitizeAmountInput', () => {
  it.each([
    ['$1,2a3.456', '123.45'],
    ['.5', '0.5'],
    ['00012', '12'],
    ['', ''],
    ['1,250.50', '1250.50'],
    ['12.', '12.'],
    ['.', '0.'],
    ['0', '0'],
    ['000', '0'],
    ['00.05', '0.05'],
    ['1.2.3', '1.23'],
    ['-45', '45'],
    ['abc', ''],
    [' 7 000 ', '7000'],
  ])('turns %p into %p', (raw, clean) => {
    expect(sanitizeAmountInput(raw)).toBe(clean);
  });
});
