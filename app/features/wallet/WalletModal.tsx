import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { Link, useRouteLoaderData } from "react-router";
import { DEPOSIT_LIMIT_REACHED } from "#common/api/errors";
import type { CustomerField, Invoice, PaymentMethodsResponse, PaymentMethodView } from "#common/api/wallet";
import {
  compareAmounts as compare,
  compareAmounts,
  decimalPlaces,
  roundAmount,
  scaleAmount,
  toUnits,
} from "#common/money";
import { AmountInput } from "~/components/ui/AmountInput";
import { formatAmount } from "~/components/ui/amount-mask";
import { Button, IconButton, Pressable } from "~/components/ui/Button";
import { ErrorNote } from "~/components/ui/ErrorNote";
import { ArrowLeftIcon, ChevronRightIcon, GlobeIcon, WalletIcon } from "~/components/ui/icons";
import { ArrowDownIcon, ArrowUpIcon, ChevronDownIcon, ShieldCheckIcon } from "~/components/ui/page-icons";
import { Tabs } from "~/components/ui/Tabs";
import { DepositBonusPicker } from "~/features/bonuses/DepositBonusPicker";
import { WithdrawalLock } from "~/features/bonuses/WithdrawalLock";
import { useReloadLimits } from "~/features/limits/api";
import { countryName } from "~/features/shell/country";
import { useShellLocale } from "~/features/shell/nav";
import { ApiRequestError } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { useProfile } from "~/lib/session/use-session";
import type { TFunction } from "~/lib/translate";
import { walletType } from "~/modals/access";
import { ModalFrame } from "~/modals/ModalFrame";
import { ModalLink } from "~/modals/ModalLink";
import type { ModalProps } from "~/modals/registry";
import type { RootData } from "~/root";
import { CurrencyBadge } from "./CurrencyBadge";
import { CurrencyPicker } from "./CurrencyPicker";
import { useWalletClient } from "./client";
import { DepositLimitMessage, DepositLimitReached } from "./DepositLimit";
import { useDepositLimitReached } from "./deposit-limit-state";
import { ExchangeAmount, useCurrencyRates } from "./ExchangeAmount";
import { displayUnit, formatMoney, toDisplayAmount, toWireAmount } from "./format";
import { PaymentIcon } from "./PaymentIcon";
import { CountrySelect, rememberDetails, withdrawalQuickAmounts } from "./payment-details";
import { chooseCurrency, currentAccount, rememberInvoice, useWallet } from "./store";
import { field, useIntlLocale, useSwapModals } from "./ui";

type Direction = "deposit" | "withdrawal";

/**
 * `?wallet=deposit|withdraw` (any other value: no type yet). Currency popup, payment region, the methods of
 * the currency grouped (manual agents first), then the amount and the method's customer fields.
 */
export default function WalletModal({ value }: ModalProps) {
  const { t } = useTranslation("modals");
  return (
    <ModalFrame
      icon={<WalletIcon size={22} />}
      title={walletTitle(t, value, t("wallet.title"))}
      description={t("wallet.description")}
    >
      <WalletBody value={value} param="wallet" />
    </ModalFrame>
  );
}

/** A wallet modal's title: the direction its address asks for, else the modal's own name. */
export function walletTitle(t: TFunction<"modals">, value: string, untyped: string): string {
  const type = walletType(value);
  return type === "deposit" ? t("wallet.deposit") : type === "withdraw" ? t("wallet.withdrawal") : untyped;
}

/**
 * The wallet's content, shared by the site's wallet modal and the mini-app's (`tg-wallet`). `param` is the
 * modal's name in the address, so switching tabs or finishing a payment edits the right parameter.
 */
export function WalletBody({
  value,
  param,
  showBalance = true,
}: {
  value: string;
  param: string;
  /** The mini-app wallet shows the balance in its own card above. */
  showBalance?: boolean;
}) {
  const { t } = useTranslation("modals");
  const type = walletType(value);
  const swap = useSwapModals();
  const account = useWallet(currentAccount);
  const currencies = useWallet((s) => s.currencies);
  const status = useWallet((s) => s.status);
  const [picking, setPicking] = useState(false);
  const [method, setMethod] = useState<PaymentMethodView>();
  const direction: Direction | undefined =
    type === "deposit" ? "deposit" : type === "withdraw" ? "withdrawal" : undefined;
  const currency = currencies.find((c) => c.code === account?.currency);

  // A new type or currency starts over at the method list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these changes only
  useEffect(() => setMethod(undefined), [direction, account?.currency]);

  const setType = (next: "deposit" | "withdraw") => swap({ [param]: next }, true);

  return (
    <>
      <Tabs
        value={type}
        onChange={setType}
        className="mb-4"
        items={(["deposit", "withdraw"] as const).map((k) => ({
          value: k,
          testId: `wallet-tab-${k}`,
          label: t(`wallet.${k === "deposit" ? "deposit" : "withdrawal"}`),
          icon: k === "deposit" ? <ArrowDownIcon size={16} /> : <ArrowUpIcon size={16} />,
        }))}
      />

      {status !== "ready" && !account ? (
        <div className="grid gap-2" aria-busy="true">
          <div className="h-14 animate-pulse rounded-xl bg-surface-2" />
          <div className="h-14 animate-pulse rounded-xl bg-surface-2" />
        </div>
      ) : picking ? (
        <div>
          <Pressable
            onClick={() => setPicking(false)}
            className="mb-3 inline-flex items-center gap-1.5 text-sm font-semibold text-muted hover:text-fg"
          >
            <ArrowLeftIcon size={16} /> {t("wallet.back")}
          </Pressable>
          <CurrencyPicker
            selected={account?.currency}
            heldOnly={direction === "withdrawal"}
            onPick={async (code) => {
              setPicking(false);
              await chooseCurrency(code).catch(() => undefined);
            }}
          />
        </div>
      ) : (
        <>
          <div className="grid grid-cols-[1fr_auto] gap-2">
            <Pressable
              data-testid="wallet-currency"
              onClick={() => setPicking(true)}
              className="flex h-14 items-center gap-3 rounded-xl border border-line bg-surface-2/50 px-3 text-left transition-colors hover:border-muted"
            >
              {account && <CurrencyBadge code={account.currency} symbol={currency?.symbol} size={30} />}
              <span className="min-w-0 flex-1">
                <span className="block text-xs text-muted">{t("wallet.currency")}</span>
                <span className="block truncate text-sm font-bold">
                  {account ? `${account.currency} · ${currency?.name ?? ""}` : "—"}
                </span>
              </span>
              <ChevronDownIcon size={16} className="text-muted" />
            </Pressable>
            <RegionButton onClick={() => swap({ "wallet-choose-region": "true" })} />
          </div>
          {account && showBalance && (
            <BalanceLine balance={account.balance} bonus={account.bonusBalance} code={account.currency} />
          )}

          {!direction ? (
            <div className="mt-4 grid gap-2 sm:grid-cols-2">
              <Button variant="primary" size="lg" onClick={() => setType("deposit")}>
                <ArrowDownIcon size={18} /> {t("wallet.deposit")}
              </Button>
              <Button variant="secondary" size="lg" onClick={() => setType("withdraw")}>
                <ArrowUpIcon size={18} /> {t("wallet.withdrawal")}
              </Button>
            </div>
          ) : !account ? null : method ? (
            <PaymentForm
              key={method.code}
              direction={direction}
              method={method}
              currency={account.currency}
              balance={account.balance}
              onBack={() => setMethod(undefined)}
              onDone={(invoice) => {
                const redirect =
                  direction === "deposit" && invoice.publicData.checkoutUrl && method.flow === "redirect";
                swap({ [param]: null, [redirect ? "deposit-redirect" : "deposit-status"]: invoice.id }, true);
              }}
            />
          ) : direction === "withdrawal" ? (
            <WithdrawalLock currency={account.currency}>
              <MethodList direction={direction} currency={account.currency} onPick={setMethod} />
            </WithdrawalLock>
          ) : (
            <MethodList direction={direction} currency={account.currency} onPick={setMethod} />
          )}
          <p className="mt-5 flex items-center justify-center gap-2 text-xs text-muted">
            <ShieldCheckIcon size={16} className="text-accent" />
            {t("wallet.secure")}
          </p>
        </>
      )}
    </>
  );
}

/** The real balance, and the bonus balance beside it while there is bonus money (decision 0013). */
function BalanceLine({ balance, bonus, code }: { balance: string; bonus: string; code: string }) {
  const { t } = useTranslation("modals");
  const { t: tl } = useTranslation("layout");
  const locale = useIntlLocale();
  const currency = useWallet((s) => s.currencies.find((c) => c.code === code));
  return (
    <div className="mt-2 flex flex-wrap justify-between gap-x-4 gap-y-1 px-1 text-xs text-muted">
      <span>
        {t("wallet.available")}{" "}
        <span className="font-semibold text-fg tabular-nums" data-testid="wallet-balance">
          {formatMoney(balance, code, currency, locale)}
        </span>
      </span>
      {compare(bonus, "0") > 0 && (
        <ModalLink
          modal="wallet-bonus-info"
          data-testid="wallet-bonus-balance"
          data-bonus-balance={bonus}
          className="inline-flex items-center gap-1 font-semibold text-gold hover:underline"
        >
          {tl("bonuses.walletInfo.bonus")} {formatMoney(bonus, code, currency, locale)}
        </ModalLink>
      )}
    </div>
  );
}

function RegionButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation("modals");
  const region = useWallet((s) => s.region);
  const locale = useShellLocale();
  return (
    <Pressable
      onClick={onClick}
      data-testid="wallet-region"
      title={t("wallet.region")}
      className="flex h-14 items-center gap-2 rounded-xl border border-line bg-surface-2/50 px-3 text-left transition-colors hover:border-muted"
    >
      <GlobeIcon size={20} className="text-muted" />
      <span className="max-w-24 min-w-0">
        <span className="block text-xs text-muted">{t("wallet.region")}</span>
        <span className="block truncate text-sm font-bold">
          {region ? (countryName(region, locale) ?? region) : t("wallet.regionAuto")}
        </span>
      </span>
    </Pressable>
  );
}

/** The methods of a direction and currency, grouped; a withdrawal shows them to a restricted player too. */
export function MethodList({
  direction,
  currency,
  onPick,
}: {
  direction: Direction;
  currency: string;
  onPick: (m: PaymentMethodView) => void;
}) {
  const { t } = useTranslation("modals");
  const locale = useIntlLocale();
  const region = useWallet((s) => s.region);
  const cur = useWallet((s) => s.currencies.find((c) => c.code === currency));
  const reloadLimits = useReloadLimits();
  const client = useWalletClient();
  const [state, setState] = useState<{
    data?: PaymentMethodsResponse;
    error?: boolean;
    /** Spec point 8: 13100, the deposit limit is reached; the list is empty and the limits reloaded. */
    depositLimitError?: boolean;
    key: string;
  }>();
  const key = `${direction}|${currency}|${region ?? ""}`;
  const limitReached = useDepositLimitReached(currency, direction);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadLimits is a new function each render
  useEffect(() => {
    let live = true;
    setState(undefined);
    // A limit known to be reached is a state, not a call the server must refuse (issue 36).
    if (limitReached === undefined) return;
    if (limitReached) {
      setState({ error: true, depositLimitError: true, key });
      return;
    }
    client
      .get(`/payment/methods/${direction}`, {
        currency,
        country: region ?? undefined,
      })
      .then((data) => live && setState({ data, key }))
      .catch((err) => {
        if (!live) return;
        const limit = err instanceof ApiRequestError && Number(err.body.code) === DEPOSIT_LIMIT_REACHED;
        if (limit) void reloadLimits();
        setState({ error: true, depositLimitError: limit, key });
      });
    return () => {
      live = false;
    };
  }, [direction, currency, region, key, client, limitReached]);

  if (!state || state.key !== key)
    return (
      <div className="mt-4 grid gap-2" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-16 animate-pulse rounded-xl bg-surface-2" />
        ))}
      </div>
    );
  if (state.depositLimitError) return <DepositLimitReached />;
  if (state.error || !state.data)
    return (
      <p className="mt-4 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm">
        {t("wallet.methodsError")}
      </p>
    );
  const { data, methods } = state.data;
  if (data.length === 0)
    return (
      <p className="mt-4 rounded-xl border border-line bg-surface-2/50 px-4 py-5 text-center text-sm text-muted">
        {t(direction === "withdrawal" ? "wallet.noWithdrawalMethods" : "wallet.noMethods")}
      </p>
    );
  const byCode = new Map(methods.map((m) => [m.code, m]));
  return (
    <div className="mt-4 flex flex-col gap-4" data-testid="wallet-methods">
      {data.map((g) => (
        <section key={g.id}>
          <h3 className="mb-2 px-1 text-xs font-semibold tracking-wide text-muted uppercase">
            {t(`wallet.groups.${g.id}`, { defaultValue: g.label })}
          </h3>
          <div className="grid gap-2">
            {g.paymentMethods.map((code) => {
              const m = byCode.get(code);
              if (!m) return null;
              return (
                <Pressable
                  key={code}
                  data-testid={`method-${code}`}
                  onClick={() => onPick(m)}
                  className="group flex items-center gap-3 rounded-xl border border-line bg-surface-2/40 px-3 py-2.5 text-left transition-colors hover:border-accent/50 hover:bg-surface-2"
                >
                  <PaymentIcon name={m.icon} />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2 text-sm font-semibold">
                      {m.label}
                      {m.isManualAgent && (
                        <span className="rounded-md bg-gold/15 px-1.5 py-0.5 text-[0.65rem] font-bold text-gold uppercase">
                          {t("wallet.agent")}
                        </span>
                      )}
                    </span>
                    {m.minAmount && m.maxAmount && (
                      <span className="block text-xs text-muted tabular-nums">
                        {formatMoney(m.minAmount, currency, cur, locale)} –{" "}
                        {formatMoney(m.maxAmount, currency, cur, locale)}
                      </span>
                    )}
                  </span>
                  <ChevronRightIcon
                    size={18}
                    className="text-muted transition-transform group-hover:translate-x-0.5"
                  />
                </Pressable>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}

type FormValues = { amount: string } & Partial<Record<CustomerField, string>>;

const FIELD_TYPES: Partial<Record<CustomerField, string>> = {
  phone: "tel",
  playerEmail: "email",
};

/** What the browser may fill each field with (its saved addresses and names). */
const AUTOCOMPLETE: Partial<Record<CustomerField, string>> = {
  firstName: "given-name",
  lastName: "family-name",
  playerName: "name",
  address: "street-address",
  city: "address-level2",
  postalCode: "postal-code",
  phone: "tel",
  playerEmail: "email",
};

/** A method's amount and customer fields, then the invoice; `onDone` says what follows. */
export function PaymentForm({
  direction,
  method,
  currency,
  balance,
  onBack,
  onDone,
}: {
  direction: Direction;
  method: PaymentMethodView;
  currency: string;
  balance: string;
  onBack: () => void;
  onDone: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation("modals");
  const locale = useIntlLocale();
  const profile = useProfile();
  const visitorCountry = (useRouteLoaderData("root") as RootData | undefined)?.init.country ?? undefined;
  const cur = useWallet((s) => s.currencies.find((c) => c.code === currency));
  const unit = displayUnit(currency, cur);
  const places = Math.min(unit.places, 8);
  // One key per attempt: a retried submit (double click, lost answer) makes one invoice only.
  const idempotencyKey = useRef(crypto.randomUUID());
  const client = useWalletClient();
  const [failure, setFailure] = useState<ReactNode>();
  // The deposit bonus chosen (or none), sent with the invoice.
  const [bonusId, setBonusId] = useState<string | null>(null);

  const defaults = useMemo<FormValues>(() => {
    const p = profile;
    const pre: Partial<Record<CustomerField, string | null | undefined>> = {
      playerName: p ? [p.firstName, p.lastName].filter(Boolean).join(" ") : undefined,
      firstName: p?.firstName,
      lastName: p?.lastName,
      phone: p?.phone,
      city: p?.city,
      postalCode: p?.postalCode,
      address: p?.address,
      // The address's country: the profile's, else where the player is.
      country: p?.country ?? visitorCountry,
      playerEmail: p?.email,
    };
    // A withdrawal starts at all that can be withdrawn when the method takes it; a deposit at the minimum.
    const whole =
      direction === "withdrawal" &&
      compareAmounts(balance, method.minAmount ?? "0") >= 0 &&
      (!method.maxAmount || compareAmounts(balance, method.maxAmount) <= 0);
    const values: FormValues = {
      amount: whole
        ? toDisplayAmount(balance, unit)
        : method.minAmount
          ? toDisplayAmount(method.minAmount, unit)
          : "",
    };
    for (const f of method.customerFields) values[f] = pre[f] ?? "";
    return values;
  }, [profile, method, unit, direction, balance, visitorCountry]);

  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
    watch,
  } = useForm<FormValues>({ defaultValues: defaults, mode: "onTouched" });

  const money = (v: string) => formatMoney(v, currency, cur, locale);
  const amount = watch("amount");
  // The preselected welcome bonus raises the amount to its minimum (issue 36), unless the player has chosen an
  // amount already: the offers may arrive while they type (a CI run saw "25" become "2025").
  const amountChosen = useRef(false);
  const suggestAmount = useCallback(
    (wire: string) => {
      if (!amountChosen.current) setValue("amount", toDisplayAmount(wire, unit), { shouldValidate: true });
    },
    [setValue, unit],
  );

  const checkAmount = (raw: string): string | true => {
    const v = raw.trim().replace(",", ".");
    if (!v) return t("wallet.errors.required");
    if (toUnits(v) === undefined || (toUnits(v) ?? 0n) <= 0n) return t("wallet.errors.amount");
    if (decimalPlaces(v) > places) return t("wallet.errors.decimals", { count: places });
    const wire = toWireAmount(v, unit) ?? "0";
    if (method.minAmount && compareAmounts(wire, method.minAmount) < 0)
      return t("wallet.errors.min", { amount: money(method.minAmount) });
    if (method.maxAmount && compareAmounts(wire, method.maxAmount) > 0)
      return t("wallet.errors.max", { amount: money(method.maxAmount) });
    if (direction === "withdrawal" && compareAmounts(wire, balance) > 0) return t("wallet.errors.balance");
    return true;
  };

  // The amount field hands the form a canonical decimal string ("1234.5") whatever the page's locale.
  const { field: amountField } = useController({ control, name: "amount", rules: { validate: checkAmount } });
  const setAmount = (v: string) => {
    amountChosen.current = true;
    setValue("amount", v, { shouldValidate: true, shouldTouch: true });
  };
  // The exchange input's rates: asked for here (the session sequence usually has them already).
  const rates = useCurrencyRates();
  const equivalent = useWallet((s) => s.equivalent);
  const accountRates = rates?.find((c) => c.code === currency);
  const displayRates = rates?.find((c) => c.code === equivalent) ?? rates?.find((c) => c.isBase);

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    const amountWire = toWireAmount(values.amount.trim().replace(",", "."), unit) ?? "0";
    const customerFields: Record<string, string> = {};
    for (const f of method.customerFields) customerFields[f] = (values[f] ?? "").trim();
    try {
      const r = await client.post(
        `/payment/invoices/${direction}`,
        {
          method: method.code,
          amount: amountWire,
          currency,
          customerFields,
          ...(direction === "deposit" && bonusId ? { bonusId } : {}),
        },
        { "Idempotency-Key": idempotencyKey.current },
      );
      rememberInvoice(r.data);
      void rememberDetails(profile, customerFields);
      idempotencyKey.current = crypto.randomUUID();
      onDone(r.data);
    } catch (err) {
      if (!(err instanceof ApiRequestError)) return setFailure(t("wallet.errors.failed"));
      if (Number(err.body.code) === DEPOSIT_LIMIT_REACHED) return setFailure(<DepositLimitMessage />);
      // Bonus money is never withdrawable: a bonus being wagered holds the withdrawal (decision 0013).
      if (err.body.code === "bonus_active") return setFailure(<BonusActiveMessage />);
      // The operator's verification rules (a cumulative deposit threshold, a withdrawal threshold): the way on
      // is the documents page, not another try.
      if (err.body.code === "verification_required")
        return setFailure(<VerificationRequiredMessage direction={direction} />);
      // A rejected request may be sent again as a new attempt.
      idempotencyKey.current = crypto.randomUUID();
      const fieldErrors = err.body.errors ?? {};
      let placed = false;
      for (const [name, messages] of Object.entries(fieldErrors)) {
        const target =
          name === "amount" || name.startsWith("customerFields.")
            ? name.replace("customerFields.", "")
            : name;
        if (target === "amount" || (method.customerFields as string[]).includes(target)) {
          setError(target as keyof FormValues, { message: messages[0] });
          placed = true;
        }
      }
      if (!placed) setFailure(err.body.message || t("wallet.errors.failed"));
    }
  });

  // Quick amounts: the minimum and a few round steps above it, within the maximum.
  const quick = useMemo(() => {
    const min = method.minAmount ? toDisplayAmount(method.minAmount, unit) : "10";
    const steps = [1, 2, 5, 10].map((k) => roundAmount(scaleAmount(min, k), places));
    const within = steps.filter(
      (s) => !method.maxAmount || compareAmounts(toWireAmount(s, unit) ?? "0", method.maxAmount) <= 0,
    );
    if (direction === "deposit") return within;
    const fits =
      compareAmounts(balance, method.minAmount ?? "0") >= 0 &&
      (!method.maxAmount || compareAmounts(balance, method.maxAmount) <= 0);
    return withdrawalQuickAmounts(within, toDisplayAmount(balance, unit), fits);
  }, [method, unit, places, direction, balance]);

  const wholeBalance = toDisplayAmount(balance, unit);
  const label = (f: CustomerField) => t(`wallet.fields.${f}`);
  const amountValid = checkAmount(amount ?? "") === true;
  return (
    <form noValidate onSubmit={submit} className="mt-4" data-testid="wallet-form">
      <div className="flex items-center gap-3 rounded-xl border border-line bg-surface-2/40 p-2.5">
        <IconButton onClick={onBack} label={t("wallet.back")} size="sm">
          <ArrowLeftIcon size={18} />
        </IconButton>
        <PaymentIcon name={method.icon} height={32} />
        <span className="min-w-0 flex-1 truncate text-sm font-semibold">{method.label}</span>
      </div>

      <label htmlFor="wallet-amount" className="mt-4 mb-1.5 flex justify-between text-sm font-semibold">
        <span>{t("wallet.amount")}</span>
        {method.minAmount && method.maxAmount && (
          <span className="text-xs font-normal text-muted tabular-nums">
            {money(method.minAmount)} – {money(method.maxAmount)}
          </span>
        )}
      </label>
      <div className="relative">
        <AmountInput
          id="wallet-amount"
          data-testid="wallet-amount"
          locale={locale}
          fraction={places}
          invalid={Boolean(errors.amount)}
          name={amountField.name}
          ref={amountField.ref}
          value={amountField.value ?? ""}
          onValueChange={(v) => {
            amountChosen.current = true;
            amountField.onChange(v);
          }}
          onBlur={amountField.onBlur}
          className="pr-20 text-lg font-bold tabular-nums"
        />
        <span className="pointer-events-none absolute top-1/2 right-4 -translate-y-1/2 text-sm font-semibold text-muted">
          {unit.code}
        </span>
      </div>
      {errors.amount && <p className="mt-1 text-xs text-danger">{errors.amount.message}</p>}
      <div className="mt-2 flex flex-wrap gap-1.5">
        {quick.map((q) => (
          <Pressable
            key={q}
            onClick={() => {
              amountChosen.current = true;
              setValue("amount", q, { shouldValidate: true });
            }}
            className={`h-8 rounded-lg border px-3 text-xs font-semibold tabular-nums transition-colors ${
              amount === q ? "border-accent bg-accent/10 text-fg" : "border-line text-muted hover:text-fg"
            }`}
            data-testid={direction === "withdrawal" && q === wholeBalance ? "wallet-amount-all" : undefined}
          >
            {direction === "withdrawal" && q === wholeBalance
              ? t("wallet.all", { amount: formatAmount(q, { locale, fraction: places }) })
              : formatAmount(q, { locale, fraction: places })}
          </Pressable>
        ))}
      </div>

      <ExchangeAmount
        amount={amount ?? ""}
        onAmount={setAmount}
        account={accountRates}
        display={displayRates}
        locale={locale}
        direction={direction}
      />

      {direction === "deposit" && (
        <DepositBonusPicker
          currency={currency}
          amount={amountValid ? (toWireAmount(amount.replace(",", "."), unit) ?? undefined) : undefined}
          value={bonusId}
          onChange={setBonusId}
          onSuggestAmount={suggestAmount}
        />
      )}

      {method.customerFields.length > 0 && (
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          {method.customerFields.map((f) => (
            <div
              key={f}
              className={
                f === "address" || f === "walletAddress" || f === "playerName" ? "sm:col-span-2" : ""
              }
            >
              <label htmlFor={`wallet-f-${f}`} className="mb-1.5 block text-sm font-semibold">
                {label(f)}
              </label>
              {f === "country" ? (
                <CountrySelect
                  id={`wallet-f-${f}`}
                  data-testid={`wallet-field-${f}`}
                  aria-invalid={Boolean(errors[f])}
                  {...register(f, {
                    validate: (v) => (v ?? "").trim().length > 0 || t("wallet.errors.required"),
                  })}
                  className={field(Boolean(errors[f]))}
                />
              ) : (
                <input
                  id={`wallet-f-${f}`}
                  type={FIELD_TYPES[f] ?? "text"}
                  autoComplete={AUTOCOMPLETE[f]}
                  data-testid={`wallet-field-${f}`}
                  aria-invalid={Boolean(errors[f])}
                  {...register(f, {
                    validate: (v) => (v ?? "").trim().length > 0 || t("wallet.errors.required"),
                    maxLength: { value: 500, message: t("wallet.errors.long") },
                  })}
                  className={field(Boolean(errors[f]))}
                />
              )}
              {errors[f] && <p className="mt-1 text-xs text-danger">{errors[f]?.message}</p>}
            </div>
          ))}
        </div>
      )}

      {failure && <ErrorNote className="mt-4">{failure}</ErrorNote>}
      <Button
        variant="primary"
        size="lg"
        className="mt-5 w-full"
        type="submit"
        disabled={isSubmitting}
        data-testid="wallet-submit"
      >
        {isSubmitting && (
          <span className="size-4 animate-spin rounded-full border-2 border-accent-fg/30 border-t-accent-fg" />
        )}
        {t(direction === "deposit" ? "wallet.submitDeposit" : "wallet.submitWithdrawal", {
          amount:
            checkAmount(amount ?? "") === true
              ? money(toWireAmount(amount.replace(",", "."), unit) ?? "0")
              : "",
        }).trim()}
      </Button>
    </form>
  );
}

/** A withdrawal refused while a bonus is being wagered: what to do about it. */
function VerificationRequiredMessage({ direction }: { direction: "deposit" | "withdrawal" }) {
  const { t } = useTranslation("modals");
  return (
    <>
      {t(direction === "deposit" ? "wallet.errors.verifyDeposit" : "wallet.errors.verifyWithdrawal")}{" "}
      <Link to="/profile/documents" className="font-semibold underline" data-testid="verify-identity-link">
        {t("wallet.errors.verifyLink")}
      </Link>
    </>
  );
}

function BonusActiveMessage() {
  const { t } = useTranslation("layout");
  return (
    <>
      {t("bonuses.lock.refused")}{" "}
      <ModalLink modal="wallet-bonus-info" className="font-semibold underline">
        {t("bonuses.lock.options")}
      </ModalLink>
    </>
  );
}
