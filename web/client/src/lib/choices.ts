// Walking a decision's choice tree (the scene's you.decision.choices) exactly as the Discord picker
// does (tabletop/picker.py): a level with one branch only is passed through, Back leads to the nearest
// level above that offered a real choice, a leaf completes the move (sent as its path of indices), and a
// level whose options are all sets of elements (`members`) is picked element by element.

export interface Choice {
  key: string;
  label: string;
  target: string | null;
  members?: Choice[];
}

export interface ChoiceNode extends Choice {
  notation?: string;
  children?: ChoiceNode[];
}

export function isLeaf(node: ChoiceNode): boolean {
  return node.notation !== undefined;
}

/** A decision whose one action needs no choosing: the scene gives it as a lone leaf with an empty key,
 * and its path is empty. */
export function rootAction(tree: ChoiceNode[]): boolean {
  return tree.length === 1 && tree[0].key === "" && isLeaf(tree[0]);
}

/** The options at `path` (child indices from the top); null for a path not in the tree. */
export function childrenAt(tree: ChoiceNode[], path: readonly number[]): ChoiceNode[] | null {
  let children = tree;
  for (const index of path) {
    const node = children[index];
    if (!node || isLeaf(node)) return null;
    children = node.children ?? [];
  }
  return children;
}

/** The nodes picked along `path`. */
export function chosenAt(tree: ChoiceNode[], path: readonly number[]): ChoiceNode[] {
  const chosen: ChoiceNode[] = [];
  let children = tree;
  for (const index of path) {
    const node = children[index];
    if (!node) break;
    chosen.push(node);
    children = node.children ?? [];
  }
  return chosen;
}

/** `path` moved down through levels that offer one branch only (a lone complete action is still shown). */
export function descend(tree: ChoiceNode[], path: readonly number[]): number[] {
  const at = [...path];
  for (;;) {
    const children = childrenAt(tree, at);
    if (!children || children.length !== 1 || isLeaf(children[0])) return at;
    at.push(0);
  }
}

/** Where Back leads from `path`: the nearest level above offering more than one option (null at the top). */
export function back(tree: ChoiceNode[], path: readonly number[]): number[] | null {
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const children = childrenAt(tree, path.slice(0, depth));
    if (children && children.length > 1) return path.slice(0, depth);
  }
  return null;
}

/** Whether the options are picked as sets: every one a complete action that is a set of elements, at
 * least two of them non-empty (as the picker's multi-select). */
export function isSetLevel(children: ChoiceNode[]): boolean {
  return children.every((child) => isLeaf(child) && child.members !== undefined)
    && children.filter((child) => (child.members ?? []).length > 0).length >= 2;
}

/** The elements the sets at this level are made of, each once, in first-seen order. */
export function setMembers(children: ChoiceNode[]): Choice[] {
  const seen = new Map<string, Choice>();
  for (const child of children) for (const member of child.members ?? []) if (!seen.has(member.key)) seen.set(member.key, member);
  return [...seen.values()];
}

/** The index of the option whose elements are exactly `keys` (not empty: the empty set is a button of its
 * own), or -1. */
export function setIndex(children: ChoiceNode[], keys: ReadonlySet<string>): number {
  return children.findIndex((child) => {
    const members = child.members ?? [];
    return members.length > 0 && members.length === keys.size && members.every((member) => keys.has(member.key));
  });
}

/** The fewest and most elements one pick may hold (ignoring the empty set, which is its own button). */
export function setSizes(children: ChoiceNode[]): [number, number] {
  const counts = children.map((child) => (child.members ?? []).length).filter((count) => count > 0);
  return [Math.min(...counts), Math.max(...counts)];
}
