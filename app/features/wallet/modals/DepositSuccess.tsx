import type { ModalProps } from "~/modals/registry";
import { DepositResult } from "./DepositResult";

/** `?deposit-success=true`: the money has arrived. */
export default function DepositSuccess({ level, close }: ModalProps) {
  return <DepositResult ok level={level} close={close} />;
}
