/** Per-call values for `{{name}}` placeholders: a flat map of strings. */
export type CallVariables = Readonly<Record<string, string>>;

export const MAX_VARIABLES = 50;
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]{0,63})\s*\}\}/g;

/**
 * Fills `{{name}}` placeholders. An unknown name becomes the empty string (a caller never hears
 * "curly braces"); `unknown` collects the names that had no value, for the log.
 */
export const fillVariables = (text: string, variables: CallVariables, unknown?: Set<string>): string =>
  text.replace(PLACEHOLDER, (_whole, name: string) => {
    if (Object.hasOwn(variables, name)) return variables[name]!;
    unknown?.add(name);
    return '';
  });

/** Fills every string of a JSON value (a tool's headers and arguments). */
export const fillVariablesDeep = (value: unknown, variables: CallVariables, unknown?: Set<string>): unknown => {
  if (typeof value === 'string') return fillVariables(value, variables, unknown);
  if (Array.isArray(value)) return value.map((item) => fillVariablesDeep(item, variables, unknown));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillVariablesDeep(item, variables, unknown)]));
  }
  return value;
};

/** What every inbound call knows of itself, under the names the docs give. */
export const inboundVariables = (props: {
  readonly callerNumber: string;
  readonly agentNumber: string;
  readonly contactName: string | null;
  readonly now: Date;
}): CallVariables => ({
  caller_number: props.callerNumber,
  agent_number: props.agentNumber,
  contact_name: props.contactName ?? '',
  now: props.now.toISOString(),
});
