/** '250+ results', '1 result', '24 professionals'. */
export function countLabel(total: number, isCapped: boolean, noun: string): string {
  return `${total}${isCapped ? '+' : ''} ${noun}${total === 1 && !isCapped ? '' : 's'}`;
}
