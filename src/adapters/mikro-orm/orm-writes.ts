import { translateUniqueViolation } from './native-writes.js';

/** A write through the ORM's own methods, a unique violation answered as the port's DuplicateKey. */
export const ormWrite = async <A>(write: () => Promise<A>): Promise<A> => {
  try {
    return await write();
  } catch (error) {
    throw translateUniqueViolation(error);
  }
};
