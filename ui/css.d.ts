// Plain CSS files are imported for their side effect (webpack css-loader; stubbed in jest).
declare module '*.css';
