import { layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table of spec point 2. Every route takes an optional locale prefix (`:lang?`, validated by the
 * route: a known locale, else 404). Routes whose screens belong to later features are added with them.
 */
export default [
  layout("layouts/empty.tsx", [route(":lang?/redirect", "routes/redirect.tsx")]),
  layout("layouts/default.tsx", [
    route(":lang?", "routes/home.tsx", { id: "index" }),
    route(":lang?/main", "routes/home.tsx", { id: "main" }),
    route(":lang?/static/:pageIdentity", "routes/static-page.tsx"),
    route(":lang?/questions", "routes/questions.tsx", { id: "questions" }),
    route(":lang?/questions/:pageIdentity", "routes/question.tsx"),
    route(":lang?/contact", "routes/contact.tsx"),
    route(":lang?/support", "routes/support.tsx"),
    route(":lang?/*", "routes/content-page.tsx"),
  ]),
] satisfies RouteConfig;
