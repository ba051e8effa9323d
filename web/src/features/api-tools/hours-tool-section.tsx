import { useId, useState } from 'react';
import { HOURS_BATCH_MAX, type WriteProblem } from '@allstall/shared';
import { ProblemNotice } from '../../components/problem-notice';
import { Spinner } from '../../components/spinner';
import { SubmitButton } from '../../components/submit-button';
import { checkHoursRangeInput } from './hours-range-input';
import { HoursReport } from './hours-report';
import { RestroomIdField } from './restroom-id-field';
import { useHoursTool } from './use-hours-tool';
import { useRestroomChoices } from './use-restroom-choices';

/** The spec's "min and max restroom id inputs and a button to run the places API": hours from OpenStreetMap for a range. */
export function HoursToolSection() {
  const id = useId();
  const tool = useHoursTool();
  const choices = useRestroomChoices();
  const [minId, setMinId] = useState('');
  const [maxId, setMaxId] = useState('');
  const [problem, setProblem] = useState<WriteProblem | null>(null);
  const listId = `${id}-restrooms`;
  const first = choices[0];
  const last = choices.at(-1);

  const fill = () => {
    const checked = checkHoursRangeInput(minId, maxId);
    setProblem(checked.problem);
    if (checked.body) void tool.start(checked.body);
  };

  const problemOf = (field: string) => (problem?.field === field ? problem.message : null);

  return (
    <section className="tool-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Opening hours from OpenStreetMap</h2>
      <p className="field__hint">
        For each restroom whose id lies between the two (both included) and that has an OpenStreetMap place, takes the hours
        OpenStreetMap has, {HOURS_BATCH_MAX} restrooms at a time. Ids sort by when a restroom was added: pick the first and the last by
        name.
      </p>
      <form
        className="tool-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!tool.busy) fill();
        }}
      >
        <RestroomIdField id={`${id}-min`} label="Min restroom id" value={minId} listId={listId} choices={choices} problem={problemOf('minId')} onChange={setMinId} />
        <RestroomIdField id={`${id}-max`} label="Max restroom id" value={maxId} listId={listId} choices={choices} problem={problemOf('maxId')} onChange={setMaxId} />
        <datalist id={listId}>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id} label={choice.name} />
          ))}
        </datalist>
        {first && last && (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => {
              setMinId(first.id);
              setMaxId(last.id);
            }}
          >
            From the first restroom to the last
          </button>
        )}
        <SubmitButton busy={tool.busy}>Fill opening hours</SubmitButton>
      </form>
      {tool.busy && <Spinner label="Filling opening hours…" />}
      <ProblemNotice message={tool.failure} />
      {tool.report && <HoursReport report={tool.report} busy={tool.busy} onContinue={() => void tool.carryOn()} />}
    </section>
  );
}
