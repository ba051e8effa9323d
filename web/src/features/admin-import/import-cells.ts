/** A coordinate to the 5 decimals (about a metre) a review needs; a dash when the source has none. */
export const coordinateText = (value: number | null): string => (value === null ? '—' : value.toFixed(5));
