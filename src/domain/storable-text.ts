/**
 * Text as the store can keep it: PostgreSQL refuses NUL and unpaired UTF-16 surrogates, and
 * neither is ever part of what a caller said, so NUL is dropped and a lone surrogate becomes
 * U+FFFD (the replacement character).
 */
export const storableText = (text: string): string =>
  text.replace(/\u0000/g, '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
