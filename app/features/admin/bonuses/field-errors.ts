/** Which API fields a form field feeds: the server's error names them. */
const FIELD_OF: Record<string, string[]> = {
  minDeposit: ["triggerConditions.invoiceAmountItems", "triggerConditions"],
  baseMinDeposit: ["triggerConditions.baseCurrencyInvoiceAmountFrom"],
  slots: ["contribution.slots"],
  tables: ["contribution.tables"],
  live: ["contribution.live"],
  sportsbook: ["contribution.sportsbook"],
  sportsbookMinOdds: ["contribution.sportsbookMinOdds"],
  "ru.name": ["translations.ru.name"],
  "ru.description": ["translations.ru.description"],
  "pt-br.name": ["translations.pt-br.name"],
  "pt-br.description": ["translations.pt-br.description"],
};
export function errorFor(field: string, errors: Record<string, string[]>): string | undefined {
  const names = FIELD_OF[field] ?? [field];
  const hits = Object.entries(errors).filter(([k]) => names.some((n) => k === n || k.startsWith(`${n}.`)));
  return hits.length ? hits.flatMap(([, v]) => v).join("; ") : undefined;
}
