// The list of tutorials (/learn): one link per game that has one.
import { tutorialItems } from "./learn_list.js";

const list = document.getElementById("tutorials");
tutorialItems().then((items) => list.replaceChildren(...items));
