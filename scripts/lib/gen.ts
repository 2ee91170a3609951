import { embedWeb } from "./embed-web";
embedWeb();
