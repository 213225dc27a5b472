import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const res = await fetch(`${context.apiBaseUrl}/api/settings/currencies`);
  return (await res.json()) as { data: { code: string }[] };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <main>Currencies: {loaderData.data.map((c) => c.code).join(", ")}</main>;
}
