import { Pressable } from "~/components/ui/Button";
import { MonitorIcon, MoonIcon, SunIcon } from "~/components/ui/icons";
import { COLOR_MODES, type ColorMode, useColorMode } from "~/lib/color-mode";
import { useTranslation } from "~/lib/i18n-react";

const ICONS: Record<ColorMode, typeof SunIcon> = { system: MonitorIcon, light: SunIcon, dark: MoonIcon };

/** System, light or dark (spec point 4), as a segmented control. */
export function ThemeSwitcher() {
  const { t } = useTranslation("layout");
  const [mode, setMode] = useColorMode();
  return (
    <fieldset className="inline-flex rounded-xl border border-line bg-surface p-1">
      <legend className="sr-only">{t("theme.label")}</legend>
      {COLOR_MODES.map((m) => {
        const Icon = ICONS[m];
        return (
          <Pressable
            key={m}
            data-color-mode={m}
            aria-pressed={mode === m}
            title={t(`theme.${m}`)}
            onClick={() => setMode(m)}
            className="theme-option"
          >
            <Icon size={16} />
            <span>{t(`theme.${m}`)}</span>
          </Pressable>
        );
      })}
    </fieldset>
  );
}
