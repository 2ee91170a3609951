import { describe, expect, it } from "vitest";
import { SETUP_SECRET_QUESTIONS } from "@planify/common/constants/secret-questions";
import {
  ANSWER_REQUIRED,
  MUST_BE_UNIQUE,
  NEED_ONE,
  QUESTION_REQUIRED,
  optionsForRow,
  questionsToSend,
  validateQuestionRows,
} from "./secret-questions-rules";

const [q1, q2, q3] = SETUP_SECRET_QUESTIONS;
const empty = { question: "", answer: "" };

describe("secret-questions setup rules", () => {
  it("asks for at least one question with its answer", () => {
    expect(validateQuestionRows([empty, empty, empty])).toBe(NEED_ONE);
    expect(validateQuestionRows([empty, { question: "", answer: "   " }, empty])).toBe(NEED_ONE);
  });

  it("refuses the same question twice", () => {
    expect(validateQuestionRows([{ question: q1!, answer: "a" }, { question: q1!, answer: "b" }, empty])).toBe(MUST_BE_UNIQUE);
  });

  it("requires the answer of every chosen question, and a question for every answer", () => {
    expect(validateQuestionRows([{ question: q1!, answer: "   " }, empty, empty])).toBe(ANSWER_REQUIRED);
    expect(validateQuestionRows([{ question: q1!, answer: "Caramel" }, { question: q2!, answer: "" }, empty])).toBe(ANSWER_REQUIRED);
    expect(validateQuestionRows([{ question: q1!, answer: "Caramel" }, { question: "", answer: "Lyon" }, empty])).toBe(QUESTION_REQUIRED);
  });

  it("accepts one to three complete rows and sends trimmed answers", () => {
    const rows = [{ question: q1!, answer: " Caramel " }, empty, { question: q3!, answer: "Lyon" }];
    expect(validateQuestionRows(rows)).toBeNull();
    expect(questionsToSend(rows)).toEqual([
      { question: q1, answer: "Caramel" },
      { question: q3, answer: "Lyon" },
    ]);
  });

  it("hides a question chosen in one row from the other rows", () => {
    const rows = [{ question: q1!, answer: "" }, { question: q2!, answer: "" }, empty];
    expect(optionsForRow(rows, 2)).not.toContain(q1);
    expect(optionsForRow(rows, 2)).not.toContain(q2);
    expect(optionsForRow(rows, 2)).toHaveLength(3);
    expect(optionsForRow(rows, 0)).toContain(q1);
    expect(optionsForRow(rows, 0)).not.toContain(q2);
  });
});
