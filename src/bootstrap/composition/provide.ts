import type { ContainerModuleLoadOptions } from 'inversify';
import type { BoundTo, Token } from './tokens.js';

/** The values of a list of tokens, in order. */
export type ValuesOf<D extends readonly Token<unknown>[]> = { -readonly [K in keyof D]: BoundTo<D[K]> };

/**
 * Binds `token` to what `factory` makes of the values of `deps`, once per container. Typed
 * end to end: the factory's parameters are the tokens' types, its result the token's.
 */
export type Provide = <T, const D extends readonly Token<unknown>[]>(
  token: Token<T>,
  deps: D,
  factory: (...values: ValuesOf<D>) => T | Promise<T>,
) => void;

export const provideWith =
  (bind: ContainerModuleLoadOptions['bind']): Provide =>
  (token, deps, factory) =>
    void bind(token).toResolvedValue(factory as (...values: unknown[]) => never, [...deps]);
