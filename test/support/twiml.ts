import { Parser } from 'xml2js';

/** One element of a TwiML document: its name, attributes, text and children in document order. */
export interface TwimlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly text: string;
  readonly children: readonly TwimlElement[];
}

interface RawNode {
  readonly '#name': string;
  readonly $?: Record<string, string>;
  readonly _?: string;
  readonly $$?: readonly RawNode[];
}

const toElement = (node: RawNode): TwimlElement => ({
  name: node['#name'],
  attributes: node.$ ?? {},
  text: node._ ?? '',
  children: (node.$$ ?? []).filter((child) => child['#name'] !== '__text__').map(toElement),
});

/** Parses a TwiML document with a real XML parser (xml2js answers synchronously with these options); throws on malformed XML. */
export const parseTwiml = (twiml: string): TwimlElement => {
  let parsed: Record<string, RawNode> | undefined;
  let failure: unknown = null;
  new Parser({ explicitChildren: true, preserveChildrenOrder: true, explicitArray: true, charsAsChildren: false, async: false }).parseString(
    twiml,
    (error: unknown, result: Record<string, RawNode>) => {
      failure = error;
      parsed = result;
    },
  );
  if (failure) throw failure;
  const root = parsed && Object.values(parsed)[0];
  if (!root) throw new Error('no TwiML document');
  return toElement({ ...root, '#name': Object.keys(parsed!)[0]! });
};

/** Every element of that name, depth first in document order. */
export const twimlElements = (twiml: string | TwimlElement, name: string): TwimlElement[] => {
  const root = typeof twiml === 'string' ? parseTwiml(twiml) : twiml;
  const found: TwimlElement[] = [];
  const walk = (element: TwimlElement): void => {
    if (element.name === name) found.push(element);
    element.children.forEach(walk);
  };
  walk(root);
  return found;
};

/** The first element of that name; throws when there is none. */
export const twimlElement = (twiml: string | TwimlElement, name: string): TwimlElement => {
  const element = twimlElements(twiml, name)[0];
  if (!element) throw new Error(`no <${name}> in the TwiML`);
  return element;
};

/** One attribute of the first element of that name; null when the element or the attribute is absent. */
export const twimlAttribute = (twiml: string, name: string, attribute: string): string | null =>
  twimlElements(twiml, name)[0]?.attributes[attribute] ?? null;

/** The names of the root's children, in order (`['Start', 'Connect']`). */
export const twimlVerbs = (twiml: string): string[] => parseTwiml(twiml).children.map((child) => child.name);
