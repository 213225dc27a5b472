/**
 * A very small view layer for the widget bundle: `h()` describes elements, `render()` patches a container to
 * match, keeping the nodes it can (an input keeps its focus and caret, an odds button its flash animation). The
 * bundle is loaded into any operator's page, so it carries no framework of its own.
 *
 * A child left out (`cond ? h(...) : null`) keeps its place as an empty comment node (a hole): an element
 * that appears or goes away (a warning, a note) never shifts its siblings onto other nodes, so a live price
 * tick that shows a "market suspended" line above a stake field leaves that field (and its focus), and the
 * slip's Place button, the very same nodes.
 */

export type Props = Record<string, unknown> & { key?: string | number };
export interface VElement {
  tag: string;
  props: Props;
  children: VNode[];
  key?: string | number;
}
/** The place of a child left out: drawn as an empty comment. */
export const HOLE: VElement = Object.freeze({ tag: "#hole", props: {}, children: [] }) as VElement;
export type VNode = VElement | string;
type Child = VNode | number | null | undefined | false | Child[];

export function h(tag: string, props?: Props | null, ...children: Child[]): VElement {
  const flat: VNode[] = [];
  const add = (c: Child) => {
    if (c === null || c === undefined || c === false) flat.push(HOLE);
    else if (Array.isArray(c)) for (const x of c) add(x);
    else flat.push(typeof c === "number" ? String(c) : c);
  };
  for (const c of children) add(c);
  const p = props ?? {};
  return { tag, props: p, children: flat, key: p.key };
}

interface Tracked extends ChildNode {
  __v?: VNode;
}
interface Holder extends Element {
  __vs?: VNode[];
}

/** Makes `container`'s children match `nodes`. */
export function render(container: Element, nodes: VNode | VNode[]): void {
  const holder = container as Holder;
  const next = Array.isArray(nodes) ? nodes : [nodes];
  patchChildren(container, next);
  holder.__vs = next;
}

function create(v: VNode): Node {
  if (typeof v === "string" || v === HOLE) {
    const t = (typeof v === "string" ? document.createTextNode(v) : document.createComment("")) as Tracked;
    t.__v = v;
    return t;
  }
  const el = (
    v.tag === "svg" || v.tag === "path"
      ? document.createElementNS("http://www.w3.org/2000/svg", v.tag)
      : document.createElement(v.tag)
  ) as Element & Tracked;
  setProps(el, {}, v.props);
  for (const c of v.children) el.appendChild(create(c));
  el.__v = v;
  return el;
}

const PROPERTIES = new Set(["value", "checked", "disabled", "selected"]);

function setProps(el: Element, old: Props, next: Props) {
  for (const name of Object.keys(old)) {
    if (name === "key" || name in next) continue;
    if (name.startsWith("on")) Reflect.set(el, name, null);
    else if (PROPERTIES.has(name)) Reflect.set(el, name, name === "value" ? "" : false);
    else el.removeAttribute(name === "className" ? "class" : name);
  }
  for (const [name, value] of Object.entries(next)) {
    if (name === "key") continue;
    if (name.startsWith("on")) {
      Reflect.set(el, name, value ?? null);
    } else if (PROPERTIES.has(name)) {
      // Written only when it differs: re-setting an input's value would move the caret while typing.
      if (Reflect.get(el, name) !== value) Reflect.set(el, name, value);
    } else if (value === false || value === null || value === undefined) {
      el.removeAttribute(name);
    } else if (old[name] !== value || !el.hasAttribute(name)) {
      el.setAttribute(name === "className" ? "class" : name, value === true ? "" : String(value));
    }
  }
}

function sameKind(node: Node, v: VNode): boolean {
  if (typeof v === "string") return node.nodeType === Node.TEXT_NODE;
  if (v === HOLE) return node.nodeType === Node.COMMENT_NODE;
  return node.nodeType === Node.ELEMENT_NODE && (node as Element).localName === v.tag;
}

function patch(node: Tracked, v: VNode): Node {
  const old = node.__v;
  if (!sameKind(node, v) || (typeof v !== "string" && typeof old !== "string" && old?.key !== v.key)) {
    const fresh = create(v);
    node.parentNode?.replaceChild(fresh, node);
    return fresh;
  }
  if (typeof v === "string") {
    if (node.nodeValue !== v) node.nodeValue = v;
  } else if (v !== HOLE) {
    setProps(node as Element, typeof old === "object" ? old.props : {}, v.props);
    patchChildren(node as Element, v.children);
  }
  node.__v = v;
  return node;
}

function patchChildren(parent: Element, next: VNode[]) {
  const existing = Array.from(parent.childNodes) as Tracked[];
  const keyed = next.some((v) => typeof v !== "string" && v.key !== undefined);
  if (!keyed) {
    next.forEach((v, i) => {
      const node = existing[i];
      if (node) patch(node, v);
      else parent.appendChild(create(v));
    });
    for (let i = next.length; i < existing.length; i++) existing[i]?.remove();
    return;
  }
  // Keyed lists: a row that moves keeps its node (and whatever it shows: a flash, a focused input). Children
  // without a key (holes, a heading beside the rows) take the unkeyed nodes in their order.
  const byKey = new Map<string | number, Tracked>();
  const unkeyed: Tracked[] = [];
  for (const n of existing) {
    const k = typeof n.__v === "object" ? n.__v.key : undefined;
    if (k !== undefined) byKey.set(k, n);
    else unkeyed.push(n);
  }
  let nextUnkeyed = 0;
  let cursor: Node | null = parent.firstChild;
  for (const v of next) {
    const k = typeof v === "object" ? v.key : undefined;
    let found: Tracked | undefined;
    if (k !== undefined) {
      found = byKey.get(k);
      byKey.delete(k);
    } else found = unkeyed[nextUnkeyed++];
    let node: Node;
    if (found) {
      if (found !== cursor) parent.insertBefore(found, cursor);
      node = patch(found, v);
    } else {
      node = create(v);
      parent.insertBefore(node, cursor);
    }
    cursor = node.nextSibling;
  }
  for (const n of byKey.values()) n.remove();
  for (const n of unkeyed.slice(nextUnkeyed)) n.remove();
}

const VOID = new Set(["img", "input", "br", "hr", "meta", "link", "source", "wbr", "path"]);
const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
export const escapeAttr = (s: string) => escapeText(s).replace(/"/g, "&quot;");

/**
 * The markup of `nodes` as `render()` would build it, for a page the server draws before the bundle runs (the
 * built-in provider's first screen). Handlers are left out and holes drawn as nothing: the bundle draws its own
 * nodes over this copy rather than adopting it. Images are not lazy here: such a copy is the page's first screen,
 * and a lazy image waited for the first layout (a phone's largest paint, the first card's art, with it).
 */
export function toHtml(nodes: VNode | VNode[]): string {
  if (Array.isArray(nodes)) return nodes.map(toHtml).join("");
  if (typeof nodes === "string") return escapeText(nodes);
  if (nodes.tag === HOLE.tag) return "";
  let attrs = "";
  for (const [name, value] of Object.entries(nodes.props)) {
    if (
      name === "key" ||
      name === "loading" ||
      name.startsWith("on") ||
      value === false ||
      value === null ||
      value === undefined
    )
      continue;
    const attr = name === "className" ? "class" : name;
    attrs += value === true ? ` ${attr}` : ` ${attr}="${escapeAttr(String(value))}"`;
  }
  if (VOID.has(nodes.tag) && nodes.children.length === 0)
    return `<${nodes.tag}${attrs}${nodes.tag === "path" ? "/" : ""}>`;
  return `<${nodes.tag}${attrs}>${toHtml(nodes.children)}</${nodes.tag}>`;
}
