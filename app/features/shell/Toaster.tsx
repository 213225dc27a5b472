import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { connectToaster } from "~/lib/alerts";
import { useColorMode } from "~/lib/color-mode";

/** Sonner, loaded with the first alert; it draws what app/lib/alerts.ts lets through its spacing queue. */
export default function Toaster() {
  const [mode] = useColorMode();
  useEffect(() => {
    connectToaster({
      show: ({ kind, text, duration }) => toast[kind](text, { duration }),
      dismissAll: () => toast.dismiss(),
    });
    return () => connectToaster(undefined);
  }, []);
  return (
    <Sonner
      theme={mode}
      position="top-center"
      richColors
      closeButton
      toastOptions={{ className: "!font-sans !rounded-xl" }}
      style={{ zIndex: 1900 } as React.CSSProperties}
    />
  );
}
