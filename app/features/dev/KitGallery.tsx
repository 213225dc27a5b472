import { type CSSProperties, type ReactNode, useState } from "react";
import { AmountInput } from "~/components/ui/AmountInput";
import { Badge } from "~/components/ui/Badge";
import { Button, Chip, IconButton, Pressable, Spinner } from "~/components/ui/Button";
import { Card, CardRow } from "~/components/ui/Card";
import { Checkbox, Switch, Toggle } from "~/components/ui/Choice";
import { Dialog } from "~/components/ui/Dialog";
import { FormMessage } from "~/components/ui/Field";
import { FormField } from "~/components/ui/FormField";
import { Input, Select, Textarea } from "~/components/ui/Input";
import { CloseIcon, SearchIcon, WalletIcon } from "~/components/ui/icons";
import { Empty, Failed, Loading } from "~/components/ui/states";
import { Table, TBody, Td, THead, Th, Tr } from "~/components/ui/Table";
import { Tabs } from "~/components/ui/Tabs";

/**
 * Every component of the kit (app/components/ui) on one page, in the dark theme and the light one side by
 * side, to see a change to the kit everywhere at once. A development route only (app/routes.ts leaves it out
 * of production builds), so the texts are plain English rather than translations.
 */
export function KitGallery() {
  return (
    <main className="grid min-h-dvh xl:grid-cols-2" data-testid="kit-gallery">
      <Themed theme="dark" />
      <Themed theme="light" />
    </main>
  );
}

/**
 * The theme's colours are set on its class (app.css), but Tailwind's `--color-*` read them once on the root;
 * read again here, a subtree wears the other theme.
 */
const TOKENS = [
  "bg",
  "surface",
  "surface-2",
  "surface-3",
  "line",
  "fg",
  "muted",
  "accent",
  "accent-fg",
  "accent-2",
  "gold",
  "danger",
  "success",
];
const themed = Object.fromEntries(TOKENS.map((t) => [`--color-${t}`, `var(--c-${t})`])) as CSSProperties;

function Themed({ theme }: { theme: "dark" | "light" }) {
  return (
    <div className={`${theme} bg-bg p-4 text-fg sm:p-6`} style={themed} data-testid={`kit-${theme}`}>
      <h1 className="mb-4 text-xl font-bold">Kit · {theme}</h1>
      <div className="grid gap-4">
        <Buttons />
        <Fields />
        <ChoicesSection />
        <Badges />
        <Lists />
        <States />
        <Overlays />
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title}>
      <div className="flex flex-col gap-3">{children}</div>
    </Card>
  );
}

function Buttons() {
  const [chip, setChip] = useState("10");
  return (
    <Section title="Button, IconButton, Chip, Pressable">
      <div className="flex flex-wrap items-center gap-2">
        <Button>Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="ghost">Ghost</Button>
        <Button variant="danger">Danger</Button>
        <Button variant="link">Link</Button>
        <Button busy>Busy</Button>
        <Button disabled>Disabled</Button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="xs">xs</Button>
        <Button size="sm">sm</Button>
        <Button size="md">md</Button>
        <Button size="lg">lg</Button>
        <IconButton label="Close">
          <CloseIcon />
        </IconButton>
        <IconButton label="Search" size="sm">
          <SearchIcon size={18} />
        </IconButton>
        <Spinner />
      </div>
      <div className="flex flex-wrap gap-2">
        {["10", "50", "100"].map((v) => (
          <Chip key={v} selected={chip === v} onClick={() => setChip(v)}>
            ${v}
          </Chip>
        ))}
      </div>
      <Pressable className="rounded-xl border border-line bg-surface-2 p-4 text-left hover:border-accent">
        A pressable tile: the kit's behaviour, the caller's shape
      </Pressable>
    </Section>
  );
}

function Fields() {
  const [amount, setAmount] = useState("12");
  return (
    <Section title="FormField, Input, AmountInput, Select, Textarea, FormMessage">
      <FormField label="Amount" hint={`From $10 to $5,000 · the form holds "${amount}"`} required>
        {(f) => <AmountInput {...f} locale="en" fraction={2} value={amount} onValueChange={setAmount} />}
      </FormField>
      <FormField label="E-mail" error="Enter an e-mail address">
        {(f) => <Input {...f} type="email" defaultValue="player@" />}
      </FormField>
      <FormField label="Currency">
        {(f) => (
          <Select {...f} defaultValue="USD">
            <option value="USD">US dollar</option>
            <option value="EUR">Euro</option>
            <option value="BTC">Bitcoin</option>
          </Select>
        )}
      </FormField>
      <FormField label="Message" hint="What happened, in a few words">
        {(f) => <Textarea {...f} rows={3} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Input controlSize="sm" placeholder="Small input" className="w-40" />
        <Select controlSize="sm" className="w-40" aria-label="Small select">
          <option>Small select</option>
        </Select>
      </div>
      <FormMessage>The server said no.</FormMessage>
      <FormMessage tone="success">Saved.</FormMessage>
    </Section>
  );
}

function ChoicesSection() {
  const [on, setOn] = useState(true);
  const [tab, setTab] = useState<"deposit" | "withdraw">("deposit");
  return (
    <Section title="Checkbox, Switch, Toggle, Tabs">
      <Checkbox defaultChecked>I am over 18 and accept the terms</Checkbox>
      <Checkbox invalid>Not yet accepted</Checkbox>
      <div className="flex items-center gap-3 text-sm">
        <Switch checked={on} onChange={setOn} label="Sound" /> Sound {on ? "on" : "off"}
      </div>
      <div>
        <Toggle checked={on} onChange={setOn} label="E-mail news" description="Offers and tournaments" />
        <Toggle checked={!on} onChange={(v) => setOn(!v)} label="SMS" disabled />
      </div>
      <Tabs
        value={tab}
        onChange={setTab}
        label="Cashier"
        items={[
          { value: "deposit", label: "Deposit" },
          { value: "withdraw", label: "Withdraw" },
        ]}
      />
    </Section>
  );
}

function Badges() {
  return (
    <Section title="Badge, CardRow">
      <div className="flex flex-wrap gap-2">
        <Badge tone="ok">Verified</Badge>
        <Badge tone="warn">Pending</Badge>
        <Badge tone="danger">Rejected</Badge>
        <Badge tone="info">New</Badge>
        <Badge>Neutral</Badge>
        <Badge size="sm" tone="ok">
          sm
        </Badge>
      </div>
      <div>
        <CardRow
          icon={<WalletIcon />}
          label="Balance"
          value="$1,250.00"
          status={<Badge tone="ok">Active</Badge>}
        />
        <CardRow
          icon={<WalletIcon />}
          label="Bonus"
          value="$20.00"
          action={
            <Button variant="secondary" size="sm">
              Details
            </Button>
          }
        />
      </div>
    </Section>
  );
}

const SAMPLE_PAYMENTS = [
  { type: "Deposit", date: "3 Dec, 09:12", amount: "$50.00", tone: "ok", status: "Paid" },
  { type: "Withdrawal", date: "2 Dec, 18:40", amount: "$120.00", tone: "warn", status: "Pending" },
] as const;

function Lists() {
  return (
    <Section title="Table">
      <Table>
        <THead>
          <Th>Type</Th>
          <Th>Date</Th>
          <Th align="right">Amount</Th>
          <Th>Status</Th>
        </THead>
        <TBody>
          {SAMPLE_PAYMENTS.map((p) => (
            <Tr key={p.type}>
              <Td className="font-semibold">{p.type}</Td>
              <Td className="text-muted">{p.date}</Td>
              <Td align="right" className="font-bold tabular-nums">
                {p.amount}
              </Td>
              <Td>
                <Badge size="sm" tone={p.tone}>
                  {p.status}
                </Badge>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </Section>
  );
}

function States() {
  return (
    <Section title="Loading, Empty, Failed">
      <Loading />
      <Loading rows={2} rowClassName="h-10" />
      <Empty action={<Button size="sm">See the offers</Button>}>No bonuses yet</Empty>
      <Failed hint="Check the connection and try again." onRetry={() => {}} retryLabel="Try again">
        The list did not load
      </Failed>
    </Section>
  );
}

function Overlays() {
  const [open, setOpen] = useState(false);
  return (
    <Section title="Dialog">
      <Dialog
        open={open}
        onOpenChange={setOpen}
        trigger={<Button variant="secondary">Open a dialog</Button>}
        title="Cancel the withdrawal?"
        description="The money goes back to your balance."
        closeLabel="Close"
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button variant="danger" onClick={() => setOpen(false)}>
              Cancel it
            </Button>
          </>
        }
      />
    </Section>
  );
}
