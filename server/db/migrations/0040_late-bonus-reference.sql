-- Bonus money that arrived after its bonus ended goes back to bonus cost under the bonus's reference
-- (`bonus:late:{round or bet}`), not the round's or the bet's: their reconciliations compare what a round or a
-- bet moved with its rows, and these postings made them drift. Only the label changes; no amount moves.
UPDATE "ledger_entries" SET "reference" = 'bonus:late:' || "reference"
 WHERE "kind" = 'bonus' AND "meta"->>'reason' = 'no active bonus' AND "reference" NOT LIKE 'bonus:late:%';
