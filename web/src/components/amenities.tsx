import { useId } from 'react';
import { amenityAnswer, feeIsFree, type AccessValue, type AmenityAnswer, type FeeValue, type ListingAmenityKey, type Restroom, type RestroomAccess, type RestroomFee } from '@allstall/shared';
import type { MessageId } from '../lib/i18n/message-id';
import { useT, type Translate } from '../lib/i18n/use-t';
import type { IconProps } from './icons';
import {
  AccessibleIcon,
  ChangingTableIcon,
  CoinIcon,
  CustomersIcon,
  GenderNeutralIcon,
  KeyIcon,
  MenstrualProductsIcon,
  PublicIcon,
  SingleStallIcon,
} from './icons';

type CardAmenityKey = 'unisex' | 'changing_table' | 'accessible' | 'is_single_stall';
type IconComponent = (p: IconProps) => React.JSX.Element;

interface Amenity<K extends ListingAmenityKey> {
  key: K;
  /** The amenity's name, translated where it is shown. */
  labelId: MessageId;
  Icon: IconComponent;
}

/** The amenities cards and filters show, in the product's order, with the words used everywhere for them. */
export const AMENITIES: ReadonlyArray<Amenity<CardAmenityKey>> = [
  { key: 'unisex', labelId: 'amenity.genderNeutral', Icon: GenderNeutralIcon },
  { key: 'changing_table', labelId: 'amenity.changingTable', Icon: ChangingTableIcon },
  { key: 'accessible', labelId: 'amenity.accessible', Icon: AccessibleIcon },
  { key: 'is_single_stall', labelId: 'amenity.singleStall', Icon: SingleStallIcon },
];

/** The detail screen also says whether menstrual products are on hand; a row of icons has no room for it. */
const DETAIL_AMENITIES: ReadonlyArray<Amenity<ListingAmenityKey>> = [
  ...AMENITIES,
  { key: 'menstrual_products', labelId: 'amenity.menstrualProducts', Icon: MenstrualProductsIcon },
];

/** "Gender-neutral: unknown": how a line, an icon's name and a row's phrase say an amenity (docs/product-rules.md#cards). */
export function amenityText(t: Translate, labelId: MessageId, answer: AmenityAnswer): string {
  return t('amenity.answer', { label: t(labelId), answer });
}

const ACCESS_WORD_IDS: { readonly [A in RestroomAccess]: MessageId } = {
  public: 'access.public',
  customers: 'access.customers',
  key: 'access.key',
};

const ACCESS_ICONS: { readonly [A in RestroomAccess]: IconComponent } = {
  public: PublicIcon,
  customers: CustomersIcon,
  key: KeyIcon,
};

/** Who may use it, in the card's and the detail's words; unknown is said as unknown, never as "private". */
function accessWords(t: Translate, access: AccessValue | undefined): string {
  // Undefined in a copy kept on the device from before `access` (an admin queue, 'My restrooms') until it is fetched again.
  return t(access === null || access === undefined ? 'access.unknown' : ACCESS_WORD_IDS[access]);
}

const FEE_WORD_IDS: { readonly [F in RestroomFee]: MessageId } = {
  free: 'fee.free',
  paid: 'fee.paid',
};

/** Whether it costs money, in the card's and the detail's words: 'Free', 'Paid', or 'Free to use: unknown'. */
function feeWords(t: Translate, fee: FeeValue | undefined): string {
  // Undefined in a copy kept on the device from before `fee` (an admin queue, 'My restrooms') until it is fetched again.
  return t(fee === null || fee === undefined ? 'fee.unknown' : FEE_WORD_IDS[fee]);
}

interface AmenityMarkProps {
  Icon: IconComponent;
  answer: AmenityAnswer;
  size?: number;
  /** When given, the mark is announced with this name; otherwise words beside it say it and it is hidden. */
  name?: string;
}

/**
 * An amenity's icon in its state: plain on a tinted disc for yes, struck through for no, faded with
 * a "?" for unknown. The shapes differ, not only the colours, so the three read apart in grey too.
 */
export function AmenityMark({ Icon, answer, size = 24, name }: AmenityMarkProps) {
  return (
    <span
      className={`amenity-mark amenity-mark--${answer}`}
      data-answer={answer}
      role={name === undefined ? undefined : 'img'}
      aria-label={name}
      aria-hidden={name === undefined ? true : undefined}
    >
      <Icon size={size} />
      {answer === 'no' && (
        <svg className="amenity-mark__strike" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 3l18 18" />
        </svg>
      )}
      {answer === 'unknown' && (
        <span className="amenity-mark__unknown" aria-hidden="true">
          ?
        </span>
      )}
    </span>
  );
}

/** A row of the card amenities' icons, each announced by name and value ("Gender-neutral: no"). */
export function AmenityIcons({ restroom }: { restroom: Pick<Restroom, CardAmenityKey> }) {
  const t = useT();
  return (
    <ul className="amenity-icons" aria-label={t('amenity.list')}>
      {AMENITIES.map(({ key, labelId, Icon }) => {
        const answer = amenityAnswer(restroom[key]);
        return (
          <li key={key}>
            <AmenityMark Icon={Icon} answer={answer} name={amenityText(t, labelId, answer)} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Small icons for a list row, beside its distance. A screen reader hears the amenities as one
 * short phrase instead of a list of images inside every row of the restroom list.
 */
export function AmenityGlance({ restroom }: { restroom: Pick<Restroom, CardAmenityKey> }) {
  const t = useT();
  const answers = AMENITIES.map((amenity) => ({ ...amenity, answer: amenityAnswer(restroom[amenity.key]) }));
  return (
    <p className="amenity-glance">
      {answers.map(({ key, Icon, answer }) => (
        <AmenityMark key={key} Icon={Icon} answer={answer} size={16} />
      ))}
      <span className="sr-only">{answers.map(({ labelId, answer }) => amenityText(t, labelId, answer)).join(', ')}</span>
    </p>
  );
}

/**
 * 'Not gender-neutral', in words on a card whose gender-neutral answer is a known no: the struck
 * icon alone is too small a cue for the one thing most people here open the app to know.
 */
export function NotGenderNeutral({ unisex, className }: { unisex: boolean | null | undefined; className?: string }) {
  const t = useT();
  if (unisex !== false) return null;
  return <p className={className ? `not-gender-neutral ${className}` : 'not-gender-neutral'}>{t('card.notGenderNeutral')}</p>;
}

/** Who may use it, as words on a card. */
export function AccessWords({ access, className }: { access: AccessValue | undefined; className?: string }) {
  const t = useT();
  return <p className={className ? `access-words ${className}` : 'access-words'}>{accessWords(t, access)}</p>;
}

/** Whether it costs money, as words on a card. */
export function FeeWords({ fee, className }: { fee: FeeValue | undefined; className?: string }) {
  const t = useT();
  return <p className={className ? `fee-words ${className}` : 'fee-words'}>{feeWords(t, fee)}</p>;
}

/** A field the detail screen can ask about: an amenity, who may use it, or whether it is free. */
type TellUsField = ListingAmenityKey | 'access' | 'fee';

interface AmenityLinesProps {
  restroom: Pick<Restroom, ListingAmenityKey | 'access' | 'fee'>;
  /** When given, every unknown line offers 'Know this? Tell us', which calls this with its field. */
  onTellUs?: (field: TellUsField) => void;
}

/**
 * Who may use it, whether it is free ('Free' is a yes, 'Paid' a no), then one line per amenity,
 * icon and words ("Gender-neutral: unknown"), for the detail screen.
 */
export function AmenityLines({ restroom, onTellUs }: AmenityLinesProps) {
  const t = useT();
  const access = restroom.access;
  return (
    <ul className="amenity-lines" aria-label={t('amenity.list')}>
      <AmenityLine
        Icon={access === null ? PublicIcon : ACCESS_ICONS[access]}
        answer={access === null ? 'unknown' : 'yes'}
        text={accessWords(t, access)}
        onTellUs={onTellUs && (() => onTellUs('access'))}
      />
      <AmenityLine
        Icon={CoinIcon}
        answer={amenityAnswer(feeIsFree(restroom.fee))}
        text={feeWords(t, restroom.fee)}
        onTellUs={onTellUs && (() => onTellUs('fee'))}
      />
      {DETAIL_AMENITIES.map(({ key, labelId, Icon }) => {
        const answer = amenityAnswer(restroom[key]);
        return <AmenityLine key={key} Icon={Icon} answer={answer} text={amenityText(t, labelId, answer)} onTellUs={onTellUs && (() => onTellUs(key))} />;
      })}
    </ul>
  );
}

interface AmenityLineProps {
  Icon: IconComponent;
  answer: AmenityAnswer;
  text: string;
  onTellUs: (() => void) | undefined;
}

function AmenityLine({ Icon, answer, text, onTellUs }: AmenityLineProps) {
  const t = useT();
  const textId = useId();
  return (
    <li className={`amenity-line amenity-line--${answer}`}>
      <AmenityMark Icon={Icon} answer={answer} />
      <span className="amenity-line__body">
        <span id={textId} className="amenity-line__text">
          {text}
        </span>
        {answer === 'unknown' && onTellUs && (
          // Several lines may offer the same words; the line's own text tells a screen reader which one this is.
          <button type="button" className="button button--quiet button--small amenity-line__tell" aria-describedby={textId} onClick={onTellUs}>
            {t('amenity.tellUs')}
          </button>
        )}
      </span>
    </li>
  );
}
