import { createContext, useContext } from "react";

/** The modal the host is drawing: its id, its place in the stack and how to close it. */
export interface OpenModal {
  id: string;
  level: number;
  close: () => void;
}

export const OpenModalContext = createContext<OpenModal | null>(null);

/** The modal this component is drawn in, when the host draws it. */
export const useOpenModal = () => useContext(OpenModalContext);
