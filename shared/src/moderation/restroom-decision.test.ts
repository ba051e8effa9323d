import { describe, expect, it } from 'vitest';
import { restroomDecisionProblem } from './restroom-decision.js';
import { restroomDecisionKind } from './restroom-decision-kind.js';

describe('restroomDecisionProblem', () => {
  it('accepts a verdict, a removal, an edit and all of them together', () => {
    expect(restroomDecisionProblem({ status: 'approved' })).toBeNull();
    expect(restroomDecisionProblem({ is_removed: true })).toBeNull();
    expect(restroomDecisionProblem({ name: 'Walker', street: '', latitude: 44.9, longitude: -93.2, hours: [{ day: 1, open: 900, close: 1700 }] })).toBeNull();
    expect(restroomDecisionProblem({ name: 'Walker', status: 'rejected', is_removed: false, latitude: null, longitude: null, hours: null })).toBeNull();
  });

  it('needs a name with more than whitespace', () => {
    expect(restroomDecisionProblem({ name: '  ' })).toMatchObject({ field: 'name', message: 'Name is required.' });
  });

  it('needs the position sent whole, naming the coordinate that is missing', () => {
    expect(restroomDecisionProblem({ latitude: 44.9 })?.field).toBe('longitude');
    expect(restroomDecisionProblem({ longitude: -93.2 })?.field).toBe('latitude');
    expect(restroomDecisionProblem({ latitude: 44.9, longitude: null })?.field).toBe('longitude');
    expect(restroomDecisionProblem({ latitude: null, longitude: -93.2 })?.field).toBe('latitude');
  });

  it('checks the hours as a timetable, naming hours', () => {
    const problem = restroomDecisionProblem({ hours: [{ day: 1, open: 975, close: 1700 }] });
    expect(problem?.field).toMatch(/^hours/);
  });
});

describe('restroomDecisionKind', () => {
  it('names a decision by its verdict first, then by removal or showing again, else an edit', () => {
    expect(restroomDecisionKind({ status: 'approved', is_removed: true })).toBe('approve');
    expect(restroomDecisionKind({ status: 'rejected' })).toBe('reject');
    expect(restroomDecisionKind({ is_removed: true })).toBe('remove');
    expect(restroomDecisionKind({ is_removed: false })).toBe('show');
    expect(restroomDecisionKind({})).toBe('edit');
  });
});
