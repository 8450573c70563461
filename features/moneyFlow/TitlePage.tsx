import { useId, type CSSProperties, type ReactNode } from 'react';

/** A money flow shown as a page with its title only (IRA deposit, transfer); the steps hold Cancel and Back. */
export function TitlePage({ block, title, style, children }: { block: string; title: string; style?: CSSProperties; children: ReactNode }) {
  const headingId = `${block}-${useId()}`;
  return (
    <section className={`${block} ${block}--page`} aria-labelledby={headingId} style={style}>
      <h1 id={headingId} className={`${block}__page-title`}>
        {title}
      </h1>
      {children}
    </section>
  );
}
