import type { AmenityAnswer } from '@allstall/shared';
import { AMENITIES, AmenityMark, amenityText } from '@/components/amenities';
import type { MessageId } from '@/lib/i18n/message-id';
import { useT } from '@/lib/i18n/use-t';

// Only the Filters dialog shows it, so it travels in that dialog's chunk, not the first screen's.
const LEGEND_ANSWERS: ReadonlyArray<{ answer: AmenityAnswer; labelId: MessageId }> = [
  { answer: 'yes', labelId: 'amenity.legendYes' },
  { answer: 'no', labelId: 'amenity.legendNo' },
  { answer: 'unknown', labelId: 'amenity.legendUnknown' },
];

/**
 * What the cards' icons mean: each amenity's icon in its three states, as a table a screen reader
 * can walk (row: the amenity, column: yes / no / unknown), each mark also named in the cards' words.
 */
export function AmenityLegend({ captionId }: { captionId?: string }) {
  const t = useT();
  return (
    <table className="amenity-legend" aria-labelledby={captionId}>
      <thead>
        <tr>
          <td />
          {LEGEND_ANSWERS.map(({ answer, labelId }) => (
            <th key={answer} scope="col">
              {t(labelId)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {AMENITIES.map(({ key, labelId, Icon }) => (
          <tr key={key}>
            <th scope="row">{t(labelId)}</th>
            {LEGEND_ANSWERS.map(({ answer }) => (
              <td key={answer}>
                <AmenityMark Icon={Icon} answer={answer} size={18} name={amenityText(t, labelId, answer)} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
