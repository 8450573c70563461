// A webpack loader for React Router's production build, so the minifier can drop the parts the app never uses.
// Two things in its modules look like side effects to a minifier and keep unused components in the first bundle:
// - top-level calls such as `var Form = React10.forwardRef(...)` or `React.createContext(...)` carry no
//   `#__PURE__` mark, so they stay whether or not anything reads them (Form keeps the whole submit machinery);
// - `Form.displayName = "Form";` names a component for React DevTools, and an assignment is a side effect.
// Both are pure in fact (React's forwardRef, memo and createContext only build an object), and the names are for
// DevTools only, so the calls are marked pure and the name assignments dropped before webpack reads the module.
module.exports = function reactRouterTreeShaking(source) {
  return source
    .replace(/^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm, '$1/* @__PURE__ */ $2')
    .replace(/^[ \t]*[\w$.]+\.displayName = "[^"\n]*";[ \t]*$/gm, '');
};
