import { describe, expect, it } from 'vitest';
import { recordBuilderFor } from '../../../../src/adapters/mikro-orm/record-builder.js';

describe('recordBuilderFor', () => {
  it('makes a record of the values by their columns, in order, the same builder for the same columns', () => {
    const names = ['id', 'project_id', 'created_at', '__total'];
    const build = recordBuilderFor(names);

    expect(build(['agt_1', 'prj_1', '2026-11-24 16:44:43.001+00', '25'])).toEqual({ id: 'agt_1', project_id: 'prj_1', created_at: '2026-11-24 16:44:43.001+00', __total: '25' });
    expect(build([null, null, null, null])).toEqual({ id: null, project_id: null, created_at: null, __total: null });
    expect(recordBuilderFor([...names])).toBe(build);
  });

  it('keeps the last of two columns of one name, as a keyed store would', () => {
    expect(recordBuilderFor(['id', 'name', 'id'])(['first', 'n', 'last'])).toEqual({ id: 'last', name: 'n' });
  });

  it('takes column names as text only: quotes, backslashes, and __proto__ as an own property', () => {
    const record = recordBuilderFor(['a"b', 'c\\d', '__proto__', 'e\u2028f'])([1, 2, 3, 4]);

    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.entries(record)).toEqual([
      ['a"b', 1],
      ['c\\d', 2],
      ['__proto__', 3],
      ['e\u2028f', 4],
    ]);
  });
});
