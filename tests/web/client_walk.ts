// Walks choice trees (one JSON array of trees on stdin) with the live board client's own walker
// (web/client/src/lib/choices.ts), as a player tapping would: every option of every step it offers,
// a set level element by element then Confirm. Prints, for each tree, the paths it sends.
import { readFileSync } from "node:fs";
import {
  ChoiceNode, back, childrenAt, descend, isLeaf, isSetLevel, rootAction, setIndex,
} from "../../web/client/src/lib/choices";

function sent(tree: ChoiceNode[]): number[][] {
  if (rootAction(tree)) return [[]];
  const found: number[][] = [];
  const todo: number[][] = [descend(tree, [])];
  while (todo.length) {
    const path = todo.pop() as number[];
    const children = childrenAt(tree, path);
    if (children === null) throw new Error(`the walker left the tree at ${path}`);
    const up = back(tree, path);
    if (up !== null && (up.length >= path.length || up.some((index, depth) => index !== path[depth]))) {
      throw new Error(`Back from ${path} leads to ${up}, not above it`);
    }
    const sets = isSetLevel(children);
    children.forEach((child, index) => {
      if (sets && (child.members ?? []).length > 0) {
        const picked = setIndex(children, new Set((child.members ?? []).map((member) => member.key)));
        found.push([...path, picked]);
      } else if (isLeaf(child)) {
        found.push([...path, index]);
      } else {
        todo.push(descend(tree, [...path, index]));
      }
    });
  }
  return found;
}

const trees = JSON.parse(readFileSync(0, "utf-8")) as ChoiceNode[][];
process.stdout.write(JSON.stringify(trees.map(sent)));
