import { describe, expect, it } from 'vitest';
import { setTask } from './task-list';

describe('setTask', () => {
  const src = '- [ ] one\n- [x] two\n\n```\n- [ ] not a task\n```\n1. [ ] three\n';
  it('ticks and unticks only the item at the offset', () => {
    expect(setTask(src, 0, true)).toBe(src.replace('- [ ] one', '- [x] one'));
    expect(setTask(src, src.indexOf('- [x] two'), false)).toBe(src.replace('- [x] two', '- [ ] two'));
    expect(setTask(src, src.indexOf('1. [ ]'), true)).toBe(src.replace('1. [ ] three', '1. [x] three'));
  });
  it('leaves the source alone where no task marker starts', () => {
    expect(setTask(src, 3, true)).toBe(src);
  });
});
