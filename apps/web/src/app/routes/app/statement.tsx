import { StatementScreen } from '@/features/statement/components/statement-screen';
import type { VerifyTransfer } from '@/features/statement/verify/verify-transfer';
import { checkStatementRow } from '@/lib/ledger-proof/check-row';

/**
 * A statement row's "verify": the row's proof fetched, matched to the row, its Merkle path recomputed and the
 * seal's Ed25519 signature checked in the browser (lib/ledger-proof, docs/ledger-seal.md).
 */
const verifyTransfer: VerifyTransfer = async (row) => {
  const check = await checkStatementRow(row);
  if (check.state === 'pending') return { state: 'pending-seal' };
  if (check.state === 'verified') return { state: 'verified', seal: check.seq };
  return { state: 'mismatch', reason: String(check.failure) };
};

/** `/transaction/statement`: the player's one statement across every product (issue 25). */
export function StatementRoute() {
  return <StatementScreen verify={verifyTransfer} />;
}
