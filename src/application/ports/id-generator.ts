/** Prefixes of the opaque, time-sortable ids the API hands out. */
export type IdPrefix =
  | 'proj'
  | 'acct'
  | 'user'
  | 'key'
  | 'agt'
  | 'cmp'
  | 'rcp'
  | 'num'
  | 'ctc'
  | 'conv'
  | 'msg'
  | 'call'
  | 'turn'
  | 'wh'
  | 'whd'
  | 'evt'
  | 'led'
  | 'ver'
  | 'kb'
  | 'kdoc'
  | 'test'
  | 'trun'
  | 'aud';

export interface IdGenerator {
  next(prefix: IdPrefix): string;
}
