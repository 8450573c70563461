import { safeOrigin } from './safeOrigin';

describe('safeOrigin', () => {
  it('keeps a path inside the app and refuses anything that leaves it', () => {
    expect(safeOrigin('/settings/v2/transfers?x=1')).toBe('/settings/v2/transfers?x=1');
    expect(safeOrigin('//evil.example')).toBeNull();
    expect(safeOrigin('https://evil.example')).toBeNull();
    expect(safeOrigin('/\\evil.example')).toBeNull();
    expect(safeOrigin(null)).toBeNull();
  });
});
