import { useId, useState } from 'react';
import { HOURS_BATCH_MAX } from '@allstall/shared';
import { ProblemNotice } from '@/components/problem-notice';
import { Spinner } from '@/components/spinner';
import { SubmitButton } from '@/components/submit-button';
import { checkHoursRangeInput } from './hours-range-input';
import { HoursReport } from './hours-report';
import { RestroomIdField } from './restroom-id-field';
import { useHoursTool } from './use-hours-tool';
import { useRestroomChoices } from './use-restroom-choices';
import { useT } from '@/lib/i18n/use-t';

/** The spec's "min and max restroom id inputs and a button to run the places API": hours from OpenStreetMap for a range. */
export function HoursToolSection() {
  const id = useId();
  const t = useT();
  const tool = useHoursTool();
  const choices = useRestroomChoices();
  const [minId, setMinId] = useState('');
  const [maxId, setMaxId] = useState('');
  // The range as checked, rather than the problem's sentence: the words follow a change of language.
  const [checkedRange, setCheckedRange] = useState<{ minText: string; maxText: string } | null>(null);
  const problem = checkedRange && checkHoursRangeInput(checkedRange.minText, checkedRange.maxText).problem;
  const listId = `${id}-restrooms`;
  const first = choices[0];
  const last = choices.at(-1);

  const fill = () => {
    const checked = checkHoursRangeInput(minId, maxId);
    setCheckedRange({ minText: minId, maxText: maxId });
    if (checked.body) void tool.start(checked.body);
  };

  const problemOf = (field: string) => (problem?.field === field ? problem.message : null);

  return (
    <section className="tool-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('apiTools.hours.title')}</h2>
      <p className="field__hint">{t('apiTools.hours.hint', { n: HOURS_BATCH_MAX })}</p>
      <form
        className="tool-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!tool.busy) fill();
        }}
      >
        <RestroomIdField id={`${id}-min`} label={t('apiTools.hours.minId')} value={minId} listId={listId} choices={choices} problem={problemOf('minId')} onChange={setMinId} />
        <RestroomIdField id={`${id}-max`} label={t('apiTools.hours.maxId')} value={maxId} listId={listId} choices={choices} problem={problemOf('maxId')} onChange={setMaxId} />
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
            {t('apiTools.hours.firstToLast')}
          </button>
        )}
        <SubmitButton busy={tool.busy}>{t('apiTools.hours.fill')}</SubmitButton>
      </form>
      {tool.busy && <Spinner label={t('apiTools.hours.busy')} />}
      <ProblemNotice message={tool.failure} />
      {tool.report && <HoursReport report={tool.report} busy={tool.busy} onContinue={() => void tool.carryOn()} />}
    </section>
  );
}
