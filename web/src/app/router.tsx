import { createBrowserRouter } from "react-router-dom";

function Placeholder() {
  return <main>Planify</main>;
}

export const router = createBrowserRouter([{ path: "*", element: <Placeholder /> }]);
