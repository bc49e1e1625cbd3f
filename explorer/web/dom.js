// dom.js - element(tag, props, children): a DOM element with its properties and children,
// the one way the page's modules build their parts.
export function element(tag, props = {}, children = []) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}
