import type { ModalProps } from "~/modals/registry";
import { DepositResult } from "./DepositResult";

/** `?deposit-error=true`: the deposit did not go through. */
export default function DepositError({ level, close }: ModalProps) {
  return <DepositResult ok={false} level={level} close={close} />;
}
