import { useEffect, useRef, useState } from 'react';

export type AddressFocusField = 'address1' | 'address2' | 'search';

/**
 * The address capture's three focus targets and `focus(field)`: focus moves after the render that shows the
 * field (the serial lets the same field be asked for twice).
 */
export function useAddressFieldFocus() {
  const [focusTarget, setFocusTarget] = useState<{ field: AddressFocusField; serial: number } | null>(null);
  const address1Ref = useRef<HTMLInputElement>(null);
  const address2Ref = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  // Focus moves after the render that shows the field.
  useEffect(() => {
    if (!focusTarget) return;
    const target = { address1: address1Ref, address2: address2Ref, search: searchRef }[focusTarget.field].current;
    target?.focus();
  }, [focusTarget]);
  const focus = (field: AddressFocusField) => setFocusTarget((previous) => ({ field, serial: (previous?.serial ?? 0) + 1 }));

  return { address1Ref, address2Ref, searchRef, focus };
}
