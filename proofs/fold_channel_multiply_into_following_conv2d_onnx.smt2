; instance 1: %x: (1, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,0]| |c[0,0,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 2: %x: (1, 1, 1, 1), %c: (1, 1, 1, 1), %w: (2, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |w[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ 0.0 (* s!0 |w[0,0,0,0]|)))
(define-fun s!2 () Real (+ 0.0 (* s!0 |w[1,0,0,0]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,0]| |c[0,0,0,0]|))))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[1,0,0,0]| |c[0,0,0,0]|))))
; claims
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 3: %x: (1, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 3, 1); $s = [2, 1], $p = [1, 0, 1, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,1,0]| |c[0,0,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 1, 3); $s = [1, 2], $p = [0, 1, 0, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,1]| |c[0,0,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 2), %c: (1, 1, 1, 1), %w: (1, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[0,0,0,1]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,0,1]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 6: %x: (1, 1, 2, 1), %c: (1, 1, 1, 1), %w: (1, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[0,0,1,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,1,0]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 7: %x: (2, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[1,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[1,0,0,0]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 8: %x: (1, 2, 1, 1), %c: (1, 2, 1, 1), %w: (1, 2, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |c[0,1,0,0]| () Real)
(declare-fun |w[0,1,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)) (* (* |x[0,1,0,0]| |c[0,1,0,0]|) |w[0,1,0,0]|)))
; target side
(define-fun t!0 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,0]| |c[0,0,0,0]|))) (* |x[0,1,0,0]| (* |w[0,1,0,0]| |c[0,1,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 9: %x: (1, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 2, 2); $s = [1, 1], $p = [0, 0, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,0]| |c[0,0,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 10: %x: (1, 1, 1, 2), %c: (1, 1, 1, 1), %w: (1, 1, 1, 3); $s = [1, 2], $p = [0, 1, 0, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |w[0,0,0,2]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)) (* (* |x[0,0,0,1]| |c[0,0,0,0]|) |w[0,0,0,2]|)))
; target side
(define-fun t!0 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,1]| |c[0,0,0,0]|))) (* |x[0,0,0,1]| (* |w[0,0,0,2]| |c[0,0,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 11: %x: (1, 1, 2, 1), %c: (1, 1, 1, 1), %w: (1, 1, 3, 1); $s = [2, 1], $p = [1, 0, 1, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |w[0,0,2,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)) (* (* |x[0,0,1,0]| |c[0,0,0,0]|) |w[0,0,2,0]|)))
; target side
(define-fun t!0 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,1,0]| |c[0,0,0,0]|))) (* |x[0,0,1,0]| (* |w[0,0,2,0]| |c[0,0,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 12: %x: (1, 1, 1, 1), %c: (1, 1, 1, 1), %w: (3, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |w[1,0,0,0]| () Real)
(declare-fun |w[2,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ 0.0 (* s!0 |w[0,0,0,0]|)))
(define-fun s!2 () Real (+ 0.0 (* s!0 |w[1,0,0,0]|)))
(define-fun s!3 () Real (+ 0.0 (* s!0 |w[2,0,0,0]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,0]| |c[0,0,0,0]|))))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[1,0,0,0]| |c[0,0,0,0]|))))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[2,0,0,0]| |c[0,0,0,0]|))))
; claims
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 13: %x: (1, 1, 1, 2), %c: (1, 1, 1, 1), %w: (1, 1, 3, 1); $s = [2, 1], $p = [1, 0, 1, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[0,0,0,1]| |c[0,0,0,0]|) |w[0,0,1,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,1,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,0,1]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 14: %x: (1, 1, 2, 1), %c: (1, 1, 1, 1), %w: (1, 1, 1, 3); $s = [1, 2], $p = [0, 1, 0, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[0,0,1,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,1]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,1,0]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 15: %x: (2, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 3, 1); $s = [2, 1], $p = [1, 0, 1, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[1,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,1,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[1,0,0,0]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 16: %x: (2, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 1, 3); $s = [1, 2], $p = [0, 1, 0, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[1,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,1]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[1,0,0,0]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 17: %x: (1, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 3, 2); $s = [1, 1], $p = [1, 0, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,1,0]| |c[0,0,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 18: %x: (1, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 2, 3); $s = [1, 1], $p = [0, 1, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,1]| |c[0,0,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 19: %x: (1, 1, 1, 2), %c: (1, 1, 1, 1), %w: (2, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |w[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ 0.0 (* s!0 |w[0,0,0,0]|)))
(define-fun s!2 () Real (* |x[0,0,0,1]| |c[0,0,0,0]|))
(define-fun s!3 () Real (+ 0.0 (* s!2 |w[0,0,0,0]|)))
(define-fun s!4 () Real (+ 0.0 (* s!0 |w[1,0,0,0]|)))
(define-fun s!5 () Real (+ 0.0 (* s!2 |w[1,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,0,1]| t!0)))
(define-fun t!3 () Real (* |w[1,0,0,0]| |c[0,0,0,0]|))
(define-fun t!4 () Real (+ 0.0 (* |x[0,0,0,0]| t!3)))
(define-fun t!5 () Real (+ 0.0 (* |x[0,0,0,1]| t!3)))
; claims
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!4 t!4)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!5 t!5)))
(check-sat)
(pop 1)
(reset)
; instance 20: %x: (1, 1, 1, 2), %c: (1, 1, 1, 1), %w: (1, 1, 2, 2); $s = [1, 1], $p = [0, 0, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,1]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)) (* s!0 |w[0,0,0,1]|)))
(define-fun s!2 () Real (+ 0.0 (* s!0 |w[0,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ (+ 0.0 (* |x[0,0,0,0]| t!0)) (* |x[0,0,0,1]| (* |w[0,0,0,1]| |c[0,0,0,0]|))))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,0,1]| t!0)))
; claims
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 21: %x: (1, 1, 2, 1), %c: (1, 1, 1, 1), %w: (2, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |w[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ 0.0 (* s!0 |w[0,0,0,0]|)))
(define-fun s!2 () Real (* |x[0,0,1,0]| |c[0,0,0,0]|))
(define-fun s!3 () Real (+ 0.0 (* s!2 |w[0,0,0,0]|)))
(define-fun s!4 () Real (+ 0.0 (* s!0 |w[1,0,0,0]|)))
(define-fun s!5 () Real (+ 0.0 (* s!2 |w[1,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,1,0]| t!0)))
(define-fun t!3 () Real (* |w[1,0,0,0]| |c[0,0,0,0]|))
(define-fun t!4 () Real (+ 0.0 (* |x[0,0,0,0]| t!3)))
(define-fun t!5 () Real (+ 0.0 (* |x[0,0,1,0]| t!3)))
; claims
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!4 t!4)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!5 t!5)))
(check-sat)
(pop 1)
(reset)
; instance 22: %x: (1, 1, 2, 1), %c: (1, 1, 1, 1), %w: (1, 1, 2, 2); $s = [1, 1], $p = [0, 0, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,1,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)) (* s!0 |w[0,0,1,0]|)))
(define-fun s!2 () Real (+ 0.0 (* s!0 |w[0,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ (+ 0.0 (* |x[0,0,0,0]| t!0)) (* |x[0,0,1,0]| (* |w[0,0,1,0]| |c[0,0,0,0]|))))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,1,0]| t!0)))
; claims
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 23: %x: (2, 1, 1, 1), %c: (1, 1, 1, 1), %w: (2, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |w[1,0,0,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ 0.0 (* s!0 |w[0,0,0,0]|)))
(define-fun s!2 () Real (+ 0.0 (* s!0 |w[1,0,0,0]|)))
(define-fun s!3 () Real (* |x[1,0,0,0]| |c[0,0,0,0]|))
(define-fun s!4 () Real (+ 0.0 (* s!3 |w[0,0,0,0]|)))
(define-fun s!5 () Real (+ 0.0 (* s!3 |w[1,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (* |w[1,0,0,0]| |c[0,0,0,0]|))
(define-fun t!3 () Real (+ 0.0 (* |x[0,0,0,0]| t!2)))
(define-fun t!4 () Real (+ 0.0 (* |x[1,0,0,0]| t!0)))
(define-fun t!5 () Real (+ 0.0 (* |x[1,0,0,0]| t!2)))
; claims
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!3)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!4 t!4)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!5 t!5)))
(check-sat)
(pop 1)
(reset)
; instance 24: %x: (2, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 2, 2); $s = [1, 1], $p = [0, 0, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[1,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[1,0,0,0]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 25: %x: (1, 2, 1, 1), %c: (1, 2, 1, 1), %w: (2, 2, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |c[0,1,0,0]| () Real)
(declare-fun |w[0,1,0,0]| () Real)
(declare-fun |w[1,0,0,0]| () Real)
(declare-fun |w[1,1,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (* |x[0,1,0,0]| |c[0,1,0,0]|))
(define-fun s!2 () Real (+ (+ 0.0 (* s!0 |w[0,0,0,0]|)) (* s!1 |w[0,1,0,0]|)))
(define-fun s!3 () Real (+ (+ 0.0 (* s!0 |w[1,0,0,0]|)) (* s!1 |w[1,1,0,0]|)))
; target side
(define-fun t!0 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,0]| |c[0,0,0,0]|))) (* |x[0,1,0,0]| (* |w[0,1,0,0]| |c[0,1,0,0]|))))
(define-fun t!1 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[1,0,0,0]| |c[0,0,0,0]|))) (* |x[0,1,0,0]| (* |w[1,1,0,0]| |c[0,1,0,0]|))))
; claims
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 26: %x: (1, 2, 1, 2), %c: (1, 2, 1, 1), %w: (1, 2, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |c[0,1,0,0]| () Real)
(declare-fun |w[0,1,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,1,0,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)) (* (* |x[0,1,0,0]| |c[0,1,0,0]|) |w[0,1,0,0]|)))
(define-fun s!1 () Real (+ (+ 0.0 (* (* |x[0,0,0,1]| |c[0,0,0,0]|) |w[0,0,0,0]|)) (* (* |x[0,1,0,1]| |c[0,1,0,0]|) |w[0,1,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (* |w[0,1,0,0]| |c[0,1,0,0]|))
(define-fun t!2 () Real (+ (+ 0.0 (* |x[0,0,0,0]| t!0)) (* |x[0,1,0,0]| t!1)))
(define-fun t!3 () Real (+ (+ 0.0 (* |x[0,0,0,1]| t!0)) (* |x[0,1,0,1]| t!1)))
; claims
(push 1)
(assert (not (= s!0 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 27: %x: (1, 2, 2, 1), %c: (1, 2, 1, 1), %w: (1, 2, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |c[0,1,0,0]| () Real)
(declare-fun |w[0,1,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[0,1,1,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)) (* (* |x[0,1,0,0]| |c[0,1,0,0]|) |w[0,1,0,0]|)))
(define-fun s!1 () Real (+ (+ 0.0 (* (* |x[0,0,1,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)) (* (* |x[0,1,1,0]| |c[0,1,0,0]|) |w[0,1,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (* |w[0,1,0,0]| |c[0,1,0,0]|))
(define-fun t!2 () Real (+ (+ 0.0 (* |x[0,0,0,0]| t!0)) (* |x[0,1,0,0]| t!1)))
(define-fun t!3 () Real (+ (+ 0.0 (* |x[0,0,1,0]| t!0)) (* |x[0,1,1,0]| t!1)))
; claims
(push 1)
(assert (not (= s!0 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 28: %x: (2, 2, 1, 1), %c: (1, 2, 1, 1), %w: (1, 2, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |c[0,1,0,0]| () Real)
(declare-fun |w[0,1,0,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
(declare-fun |x[1,1,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)) (* (* |x[0,1,0,0]| |c[0,1,0,0]|) |w[0,1,0,0]|)))
(define-fun s!1 () Real (+ (+ 0.0 (* (* |x[1,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)) (* (* |x[1,1,0,0]| |c[0,1,0,0]|) |w[0,1,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (* |w[0,1,0,0]| |c[0,1,0,0]|))
(define-fun t!2 () Real (+ (+ 0.0 (* |x[0,0,0,0]| t!0)) (* |x[0,1,0,0]| t!1)))
(define-fun t!3 () Real (+ (+ 0.0 (* |x[1,0,0,0]| t!0)) (* |x[1,1,0,0]| t!1)))
; claims
(push 1)
(assert (not (= s!0 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 29: %x: (1, 1, 1, 1), %c: (1, 1, 1, 1), %w: (2, 1, 3, 1); $s = [2, 1], $p = [1, 0, 1, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
(declare-fun |w[1,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ 0.0 (* s!0 |w[0,0,1,0]|)))
(define-fun s!2 () Real (+ 0.0 (* s!0 |w[1,0,1,0]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,1,0]| |c[0,0,0,0]|))))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[1,0,1,0]| |c[0,0,0,0]|))))
; claims
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 30: %x: (1, 1, 1, 1), %c: (1, 1, 1, 1), %w: (2, 1, 1, 3); $s = [1, 2], $p = [0, 1, 0, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
(declare-fun |w[1,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ 0.0 (* s!0 |w[0,0,0,1]|)))
(define-fun s!2 () Real (+ 0.0 (* s!0 |w[1,0,0,1]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,1]| |c[0,0,0,0]|))))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[1,0,0,1]| |c[0,0,0,0]|))))
; claims
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 31: %x: (1, 1, 2, 2), %c: (1, 1, 1, 1), %w: (1, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[0,0,0,1]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
(define-fun s!2 () Real (+ 0.0 (* (* |x[0,0,1,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
(define-fun s!3 () Real (+ 0.0 (* (* |x[0,0,1,1]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,0,1]| t!0)))
(define-fun t!3 () Real (+ 0.0 (* |x[0,0,1,0]| t!0)))
(define-fun t!4 () Real (+ 0.0 (* |x[0,0,1,1]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!3)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!4)))
(check-sat)
(pop 1)
(reset)
; instance 32: %x: (1, 1, 2, 2), %c: (1, 1, 1, 1), %w: (1, 1, 2, 2); $s = [2, 2], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,1]| () Real)
(declare-fun |w[0,0,1,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)) (* (* |x[0,0,0,1]| |c[0,0,0,0]|) |w[0,0,0,1]|)) (* (* |x[0,0,1,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)) (* (* |x[0,0,1,1]| |c[0,0,0,0]|) |w[0,0,1,1]|)))
; target side
(define-fun t!0 () Real (+ (+ (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,0]| |c[0,0,0,0]|))) (* |x[0,0,0,1]| (* |w[0,0,0,1]| |c[0,0,0,0]|))) (* |x[0,0,1,0]| (* |w[0,0,1,0]| |c[0,0,0,0]|))) (* |x[0,0,1,1]| (* |w[0,0,1,1]| |c[0,0,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 33: %x: (1, 1, 2, 2), %c: (1, 1, 1, 1), %w: (1, 1, 2, 2); $s = [1, 1], $p = [1, 1, 0, 0], $d = [2, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,1,1]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,1,1]| |c[0,0,0,0]|) |w[0,0,1,1]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,1,1]| (* |w[0,0,1,1]| |c[0,0,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 34: %x: (1, 1, 2, 2), %c: (1, 1, 1, 1), %w: (1, 1, 3, 1); $s = [2, 1], $p = [1, 0, 1, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |w[0,0,2,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,0,1,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)) (* (* |x[0,0,1,0]| |c[0,0,0,0]|) |w[0,0,2,0]|)))
(define-fun s!1 () Real (+ (+ 0.0 (* (* |x[0,0,0,1]| |c[0,0,0,0]|) |w[0,0,1,0]|)) (* (* |x[0,0,1,1]| |c[0,0,0,0]|) |w[0,0,2,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,1,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (* |w[0,0,2,0]| |c[0,0,0,0]|))
(define-fun t!2 () Real (+ (+ 0.0 (* |x[0,0,0,0]| t!0)) (* |x[0,0,1,0]| t!1)))
(define-fun t!3 () Real (+ (+ 0.0 (* |x[0,0,0,1]| t!0)) (* |x[0,0,1,1]| t!1)))
; claims
(push 1)
(assert (not (= s!0 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 35: %x: (1, 1, 2, 2), %c: (1, 1, 1, 1), %w: (1, 1, 1, 3); $s = [1, 2], $p = [0, 1, 0, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |w[0,0,0,2]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)) (* (* |x[0,0,0,1]| |c[0,0,0,0]|) |w[0,0,0,2]|)))
(define-fun s!1 () Real (+ (+ 0.0 (* (* |x[0,0,1,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)) (* (* |x[0,0,1,1]| |c[0,0,0,0]|) |w[0,0,0,2]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,1]| |c[0,0,0,0]|))
(define-fun t!1 () Real (* |w[0,0,0,2]| |c[0,0,0,0]|))
(define-fun t!2 () Real (+ (+ 0.0 (* |x[0,0,0,0]| t!0)) (* |x[0,0,0,1]| t!1)))
(define-fun t!3 () Real (+ (+ 0.0 (* |x[0,0,1,0]| t!0)) (* |x[0,0,1,1]| t!1)))
; claims
(push 1)
(assert (not (= s!0 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 36: %x: (2, 1, 1, 2), %c: (1, 1, 1, 1), %w: (1, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
(declare-fun |x[1,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[0,0,0,1]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
(define-fun s!2 () Real (+ 0.0 (* (* |x[1,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
(define-fun s!3 () Real (+ 0.0 (* (* |x[1,0,0,1]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,0,1]| t!0)))
(define-fun t!3 () Real (+ 0.0 (* |x[1,0,0,0]| t!0)))
(define-fun t!4 () Real (+ 0.0 (* |x[1,0,0,1]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!3)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!4)))
(check-sat)
(pop 1)
(reset)
; instance 37: %x: (2, 1, 1, 2), %c: (1, 1, 1, 1), %w: (1, 1, 1, 3); $s = [1, 2], $p = [0, 1, 0, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |w[0,0,0,2]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
(declare-fun |x[1,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)) (* (* |x[0,0,0,1]| |c[0,0,0,0]|) |w[0,0,0,2]|)))
(define-fun s!1 () Real (+ (+ 0.0 (* (* |x[1,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)) (* (* |x[1,0,0,1]| |c[0,0,0,0]|) |w[0,0,0,2]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,1]| |c[0,0,0,0]|))
(define-fun t!1 () Real (* |w[0,0,0,2]| |c[0,0,0,0]|))
(define-fun t!2 () Real (+ (+ 0.0 (* |x[0,0,0,0]| t!0)) (* |x[0,0,0,1]| t!1)))
(define-fun t!3 () Real (+ (+ 0.0 (* |x[1,0,0,0]| t!0)) (* |x[1,0,0,1]| t!1)))
; claims
(push 1)
(assert (not (= s!0 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 38: %x: (2, 1, 2, 1), %c: (1, 1, 1, 1), %w: (1, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
(declare-fun |x[1,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[0,0,1,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
(define-fun s!2 () Real (+ 0.0 (* (* |x[1,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
(define-fun s!3 () Real (+ 0.0 (* (* |x[1,0,1,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,1,0]| t!0)))
(define-fun t!3 () Real (+ 0.0 (* |x[1,0,0,0]| t!0)))
(define-fun t!4 () Real (+ 0.0 (* |x[1,0,1,0]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!3)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!4)))
(check-sat)
(pop 1)
(reset)
; instance 39: %x: (2, 1, 2, 1), %c: (1, 1, 1, 1), %w: (1, 1, 3, 1); $s = [2, 1], $p = [1, 0, 1, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |w[0,0,2,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
(declare-fun |x[1,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)) (* (* |x[0,0,1,0]| |c[0,0,0,0]|) |w[0,0,2,0]|)))
(define-fun s!1 () Real (+ (+ 0.0 (* (* |x[1,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)) (* (* |x[1,0,1,0]| |c[0,0,0,0]|) |w[0,0,2,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,1,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (* |w[0,0,2,0]| |c[0,0,0,0]|))
(define-fun t!2 () Real (+ (+ 0.0 (* |x[0,0,0,0]| t!0)) (* |x[0,0,1,0]| t!1)))
(define-fun t!3 () Real (+ (+ 0.0 (* |x[1,0,0,0]| t!0)) (* |x[1,0,1,0]| t!1)))
; claims
(push 1)
(assert (not (= s!0 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 40: %x: (1, 2, 1, 1), %c: (1, 2, 1, 1), %w: (1, 2, 3, 1); $s = [2, 1], $p = [1, 0, 1, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |c[0,1,0,0]| () Real)
(declare-fun |w[0,1,1,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)) (* (* |x[0,1,0,0]| |c[0,1,0,0]|) |w[0,1,1,0]|)))
; target side
(define-fun t!0 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,1,0]| |c[0,0,0,0]|))) (* |x[0,1,0,0]| (* |w[0,1,1,0]| |c[0,1,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 41: %x: (1, 2, 1, 1), %c: (1, 2, 1, 1), %w: (1, 2, 1, 3); $s = [1, 2], $p = [0, 1, 0, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |c[0,1,0,0]| () Real)
(declare-fun |w[0,1,0,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)) (* (* |x[0,1,0,0]| |c[0,1,0,0]|) |w[0,1,0,1]|)))
; target side
(define-fun t!0 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,1]| |c[0,0,0,0]|))) (* |x[0,1,0,0]| (* |w[0,1,0,1]| |c[0,1,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 42: %x: (1, 1, 1, 2), %c: (1, 1, 1, 1), %w: (1, 1, 3, 2); $s = [1, 1], $p = [1, 0, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |w[0,0,1,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,1]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)) (* s!0 |w[0,0,1,1]|)))
(define-fun s!2 () Real (+ 0.0 (* s!0 |w[0,0,1,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,1,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ (+ 0.0 (* |x[0,0,0,0]| t!0)) (* |x[0,0,0,1]| (* |w[0,0,1,1]| |c[0,0,0,0]|))))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,0,1]| t!0)))
; claims
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 43: %x: (1, 1, 1, 2), %c: (1, 1, 1, 1), %w: (1, 1, 2, 3); $s = [1, 1], $p = [0, 1, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |w[0,0,0,2]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (* |x[0,0,0,1]| |c[0,0,0,0]|))
(define-fun s!2 () Real (+ (+ 0.0 (* s!0 |w[0,0,0,1]|)) (* s!1 |w[0,0,0,2]|)))
(define-fun s!3 () Real (+ (+ 0.0 (* s!0 |w[0,0,0,0]|)) (* s!1 |w[0,0,0,1]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,1]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ (+ 0.0 (* |x[0,0,0,0]| t!0)) (* |x[0,0,0,1]| (* |w[0,0,0,2]| |c[0,0,0,0]|))))
(define-fun t!2 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,0]| |c[0,0,0,0]|))) (* |x[0,0,0,1]| t!0)))
; claims
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 44: %x: (1, 1, 1, 2), %c: (1, 1, 1, 1), %w: (2, 1, 1, 3); $s = [1, 2], $p = [0, 1, 0, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |w[0,0,0,2]| () Real)
(declare-fun |w[1,0,0,1]| () Real)
(declare-fun |w[1,0,0,2]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (* |x[0,0,0,1]| |c[0,0,0,0]|))
(define-fun s!2 () Real (+ (+ 0.0 (* s!0 |w[0,0,0,1]|)) (* s!1 |w[0,0,0,2]|)))
(define-fun s!3 () Real (+ (+ 0.0 (* s!0 |w[1,0,0,1]|)) (* s!1 |w[1,0,0,2]|)))
; target side
(define-fun t!0 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,1]| |c[0,0,0,0]|))) (* |x[0,0,0,1]| (* |w[0,0,0,2]| |c[0,0,0,0]|))))
(define-fun t!1 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[1,0,0,1]| |c[0,0,0,0]|))) (* |x[0,0,0,1]| (* |w[1,0,0,2]| |c[0,0,0,0]|))))
; claims
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 45: %x: (1, 1, 2, 1), %c: (1, 1, 1, 1), %w: (1, 1, 3, 2); $s = [1, 1], $p = [1, 0, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |w[0,0,2,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (* |x[0,0,1,0]| |c[0,0,0,0]|))
(define-fun s!2 () Real (+ (+ 0.0 (* s!0 |w[0,0,1,0]|)) (* s!1 |w[0,0,2,0]|)))
(define-fun s!3 () Real (+ (+ 0.0 (* s!0 |w[0,0,0,0]|)) (* s!1 |w[0,0,1,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,1,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ (+ 0.0 (* |x[0,0,0,0]| t!0)) (* |x[0,0,1,0]| (* |w[0,0,2,0]| |c[0,0,0,0]|))))
(define-fun t!2 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,0]| |c[0,0,0,0]|))) (* |x[0,0,1,0]| t!0)))
; claims
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 46: %x: (1, 1, 2, 1), %c: (1, 1, 1, 1), %w: (1, 1, 2, 3); $s = [1, 1], $p = [0, 1, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |w[0,0,1,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,1,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)) (* s!0 |w[0,0,1,1]|)))
(define-fun s!2 () Real (+ 0.0 (* s!0 |w[0,0,0,1]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,1]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ (+ 0.0 (* |x[0,0,0,0]| t!0)) (* |x[0,0,1,0]| (* |w[0,0,1,1]| |c[0,0,0,0]|))))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,1,0]| t!0)))
; claims
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 47: %x: (1, 1, 2, 1), %c: (1, 1, 1, 1), %w: (2, 1, 3, 1); $s = [2, 1], $p = [1, 0, 1, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |w[0,0,2,0]| () Real)
(declare-fun |w[1,0,1,0]| () Real)
(declare-fun |w[1,0,2,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (* |x[0,0,1,0]| |c[0,0,0,0]|))
(define-fun s!2 () Real (+ (+ 0.0 (* s!0 |w[0,0,1,0]|)) (* s!1 |w[0,0,2,0]|)))
(define-fun s!3 () Real (+ (+ 0.0 (* s!0 |w[1,0,1,0]|)) (* s!1 |w[1,0,2,0]|)))
; target side
(define-fun t!0 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,1,0]| |c[0,0,0,0]|))) (* |x[0,0,1,0]| (* |w[0,0,2,0]| |c[0,0,0,0]|))))
(define-fun t!1 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[1,0,1,0]| |c[0,0,0,0]|))) (* |x[0,0,1,0]| (* |w[1,0,2,0]| |c[0,0,0,0]|))))
; claims
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 48: %x: (2, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 3, 2); $s = [1, 1], $p = [1, 0, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[1,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,1,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[1,0,0,0]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 49: %x: (2, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 2, 3); $s = [1, 1], $p = [0, 1, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[1,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,1]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[1,0,0,0]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 50: %x: (1, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 3, 3); $s = [1, 1], $p = [1, 1, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,1]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,1,1]| |c[0,0,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 51: %x: (1, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 3, 3); $s = [2, 2], $p = [1, 1, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,1]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,1,1]| |c[0,0,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 52: %x: (1, 1, 1, 1), %c: (1, 1, 1, 1), %w: (2, 1, 2, 2); $s = [1, 1], $p = [0, 0, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |w[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ 0.0 (* s!0 |w[0,0,0,0]|)))
(define-fun s!2 () Real (+ 0.0 (* s!0 |w[1,0,0,0]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,0]| |c[0,0,0,0]|))))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[1,0,0,0]| |c[0,0,0,0]|))))
; claims
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 53: %x: (1, 1, 1, 1), %c: (1, 1, 1, 1), %w: (1, 1, 1, 1); $s = [1, 1], $p = [1, 1, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,0]| |c[0,0,0,0]|))))
; claims
(push 1)
(assert (not (= 0.0 0.0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= 0.0 0.0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= 0.0 0.0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= 0.0 0.0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= 0.0 0.0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= 0.0 0.0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= 0.0 0.0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= 0.0 0.0)))
(check-sat)
(pop 1)
(reset)
; instance 54: %x: (1, 1, 1, 2), %c: (1, 1, 1, 1), %w: (3, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |w[1,0,0,0]| () Real)
(declare-fun |w[2,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ 0.0 (* s!0 |w[0,0,0,0]|)))
(define-fun s!2 () Real (* |x[0,0,0,1]| |c[0,0,0,0]|))
(define-fun s!3 () Real (+ 0.0 (* s!2 |w[0,0,0,0]|)))
(define-fun s!4 () Real (+ 0.0 (* s!0 |w[1,0,0,0]|)))
(define-fun s!5 () Real (+ 0.0 (* s!2 |w[1,0,0,0]|)))
(define-fun s!6 () Real (+ 0.0 (* s!0 |w[2,0,0,0]|)))
(define-fun s!7 () Real (+ 0.0 (* s!2 |w[2,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,0,1]| t!0)))
(define-fun t!3 () Real (* |w[1,0,0,0]| |c[0,0,0,0]|))
(define-fun t!4 () Real (+ 0.0 (* |x[0,0,0,0]| t!3)))
(define-fun t!5 () Real (+ 0.0 (* |x[0,0,0,1]| t!3)))
(define-fun t!6 () Real (* |w[2,0,0,0]| |c[0,0,0,0]|))
(define-fun t!7 () Real (+ 0.0 (* |x[0,0,0,0]| t!6)))
(define-fun t!8 () Real (+ 0.0 (* |x[0,0,0,1]| t!6)))
; claims
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!4 t!4)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!5 t!5)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!6 t!7)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!7 t!8)))
(check-sat)
(pop 1)
(reset)
; instance 55: %x: (1, 1, 1, 2), %c: (1, 1, 1, 1), %w: (1, 1, 3, 2); $s = [1, 1], $p = [2, 1, 2, 0], $d = [1, 2]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,2,1]| () Real)
(declare-fun |w[0,0,1,1]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,1]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ 0.0 (* s!0 |w[0,0,2,1]|)))
(define-fun s!2 () Real (+ 0.0 (* s!0 |w[0,0,1,1]|)))
(define-fun s!3 () Real (+ 0.0 (* s!0 |w[0,0,0,1]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,0,1]| (* |w[0,0,2,1]| |c[0,0,0,0]|))))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,1]| (* |w[0,0,1,1]| |c[0,0,0,0]|))))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,0,1]| (* |w[0,0,0,1]| |c[0,0,0,0]|))))
; claims
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 56: %x: (1, 1, 2, 1), %c: (1, 1, 1, 1), %w: (3, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |w[1,0,0,0]| () Real)
(declare-fun |w[2,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ 0.0 (* s!0 |w[0,0,0,0]|)))
(define-fun s!2 () Real (* |x[0,0,1,0]| |c[0,0,0,0]|))
(define-fun s!3 () Real (+ 0.0 (* s!2 |w[0,0,0,0]|)))
(define-fun s!4 () Real (+ 0.0 (* s!0 |w[1,0,0,0]|)))
(define-fun s!5 () Real (+ 0.0 (* s!2 |w[1,0,0,0]|)))
(define-fun s!6 () Real (+ 0.0 (* s!0 |w[2,0,0,0]|)))
(define-fun s!7 () Real (+ 0.0 (* s!2 |w[2,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,1,0]| t!0)))
(define-fun t!3 () Real (* |w[1,0,0,0]| |c[0,0,0,0]|))
(define-fun t!4 () Real (+ 0.0 (* |x[0,0,0,0]| t!3)))
(define-fun t!5 () Real (+ 0.0 (* |x[0,0,1,0]| t!3)))
(define-fun t!6 () Real (* |w[2,0,0,0]| |c[0,0,0,0]|))
(define-fun t!7 () Real (+ 0.0 (* |x[0,0,0,0]| t!6)))
(define-fun t!8 () Real (+ 0.0 (* |x[0,0,1,0]| t!6)))
; claims
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!4 t!4)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!5 t!5)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!6 t!7)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!7 t!8)))
(check-sat)
(pop 1)
(reset)
; instance 57: %x: (1, 1, 2, 1), %c: (1, 1, 1, 1), %w: (1, 1, 2, 3); $s = [1, 1], $p = [1, 2, 0, 2], $d = [2, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,2]| () Real)
(declare-fun |w[0,0,1,1]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,1,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ 0.0 (* s!0 |w[0,0,1,2]|)))
(define-fun s!2 () Real (+ 0.0 (* s!0 |w[0,0,1,1]|)))
(define-fun s!3 () Real (+ 0.0 (* s!0 |w[0,0,1,0]|)))
; target side
(define-fun t!0 () Real (+ 0.0 (* |x[0,0,1,0]| (* |w[0,0,1,2]| |c[0,0,0,0]|))))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,1,0]| (* |w[0,0,1,1]| |c[0,0,0,0]|))))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,1,0]| (* |w[0,0,1,0]| |c[0,0,0,0]|))))
; claims
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 58: %x: (2, 1, 1, 1), %c: (1, 1, 1, 1), %w: (3, 1, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |w[1,0,0,0]| () Real)
(declare-fun |w[2,0,0,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (+ 0.0 (* s!0 |w[0,0,0,0]|)))
(define-fun s!2 () Real (+ 0.0 (* s!0 |w[1,0,0,0]|)))
(define-fun s!3 () Real (+ 0.0 (* s!0 |w[2,0,0,0]|)))
(define-fun s!4 () Real (* |x[1,0,0,0]| |c[0,0,0,0]|))
(define-fun s!5 () Real (+ 0.0 (* s!4 |w[0,0,0,0]|)))
(define-fun s!6 () Real (+ 0.0 (* s!4 |w[1,0,0,0]|)))
(define-fun s!7 () Real (+ 0.0 (* s!4 |w[2,0,0,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (* |w[1,0,0,0]| |c[0,0,0,0]|))
(define-fun t!3 () Real (+ 0.0 (* |x[0,0,0,0]| t!2)))
(define-fun t!4 () Real (* |w[2,0,0,0]| |c[0,0,0,0]|))
(define-fun t!5 () Real (+ 0.0 (* |x[0,0,0,0]| t!4)))
(define-fun t!6 () Real (+ 0.0 (* |x[1,0,0,0]| t!0)))
(define-fun t!7 () Real (+ 0.0 (* |x[1,0,0,0]| t!2)))
(define-fun t!8 () Real (+ 0.0 (* |x[1,0,0,0]| t!4)))
; claims
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!3)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!5)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!5 t!6)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!6 t!7)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!7 t!8)))
(check-sat)
(pop 1)
(reset)
; instance 59: %x: (2, 1, 1, 2), %c: (1, 1, 1, 1), %w: (1, 1, 3, 1); $s = [2, 1], $p = [1, 0, 1, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
(declare-fun |x[1,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[0,0,0,1]| |c[0,0,0,0]|) |w[0,0,1,0]|)))
(define-fun s!2 () Real (+ 0.0 (* (* |x[1,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)))
(define-fun s!3 () Real (+ 0.0 (* (* |x[1,0,0,1]| |c[0,0,0,0]|) |w[0,0,1,0]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,1,0]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,0,1]| t!0)))
(define-fun t!3 () Real (+ 0.0 (* |x[1,0,0,0]| t!0)))
(define-fun t!4 () Real (+ 0.0 (* |x[1,0,0,1]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!3)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!4)))
(check-sat)
(pop 1)
(reset)
; instance 60: %x: (2, 1, 2, 1), %c: (1, 1, 1, 1), %w: (1, 1, 1, 3); $s = [1, 2], $p = [0, 1, 0, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
(declare-fun |x[1,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)))
(define-fun s!1 () Real (+ 0.0 (* (* |x[0,0,1,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)))
(define-fun s!2 () Real (+ 0.0 (* (* |x[1,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)))
(define-fun s!3 () Real (+ 0.0 (* (* |x[1,0,1,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)))
; target side
(define-fun t!0 () Real (* |w[0,0,0,1]| |c[0,0,0,0]|))
(define-fun t!1 () Real (+ 0.0 (* |x[0,0,0,0]| t!0)))
(define-fun t!2 () Real (+ 0.0 (* |x[0,0,1,0]| t!0)))
(define-fun t!3 () Real (+ 0.0 (* |x[1,0,0,0]| t!0)))
(define-fun t!4 () Real (+ 0.0 (* |x[1,0,1,0]| t!0)))
; claims
(push 1)
(assert (not (= s!0 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!3)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!4)))
(check-sat)
(pop 1)
(reset)
; instance 61: %x: (1, 2, 1, 1), %c: (1, 2, 1, 1), %w: (3, 2, 1, 1); $s = [1, 1], $p = [0, 0, 0, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |c[0,1,0,0]| () Real)
(declare-fun |w[0,1,0,0]| () Real)
(declare-fun |w[1,0,0,0]| () Real)
(declare-fun |w[1,1,0,0]| () Real)
(declare-fun |w[2,0,0,0]| () Real)
(declare-fun |w[2,1,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (* |x[0,0,0,0]| |c[0,0,0,0]|))
(define-fun s!1 () Real (* |x[0,1,0,0]| |c[0,1,0,0]|))
(define-fun s!2 () Real (+ (+ 0.0 (* s!0 |w[0,0,0,0]|)) (* s!1 |w[0,1,0,0]|)))
(define-fun s!3 () Real (+ (+ 0.0 (* s!0 |w[1,0,0,0]|)) (* s!1 |w[1,1,0,0]|)))
(define-fun s!4 () Real (+ (+ 0.0 (* s!0 |w[2,0,0,0]|)) (* s!1 |w[2,1,0,0]|)))
; target side
(define-fun t!0 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,0]| |c[0,0,0,0]|))) (* |x[0,1,0,0]| (* |w[0,1,0,0]| |c[0,1,0,0]|))))
(define-fun t!1 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[1,0,0,0]| |c[0,0,0,0]|))) (* |x[0,1,0,0]| (* |w[1,1,0,0]| |c[0,1,0,0]|))))
(define-fun t!2 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[2,0,0,0]| |c[0,0,0,0]|))) (* |x[0,1,0,0]| (* |w[2,1,0,0]| |c[0,1,0,0]|))))
; claims
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!4 t!2)))
(check-sat)
(pop 1)
(reset)
; instance 62: %x: (1, 2, 1, 1), %c: (1, 2, 1, 1), %w: (1, 2, 2, 2); $s = [1, 1], $p = [0, 0, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |c[0,1,0,0]| () Real)
(declare-fun |w[0,1,0,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,0]|)) (* (* |x[0,1,0,0]| |c[0,1,0,0]|) |w[0,1,0,0]|)))
; target side
(define-fun t!0 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,0]| |c[0,0,0,0]|))) (* |x[0,1,0,0]| (* |w[0,1,0,0]| |c[0,1,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 63: %x: (1, 2, 1, 2), %c: (1, 2, 1, 1), %w: (1, 2, 1, 3); $s = [1, 2], $p = [0, 1, 0, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,0,1]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |c[0,1,0,0]| () Real)
(declare-fun |w[0,1,0,1]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |w[0,0,0,2]| () Real)
(declare-fun |x[0,1,0,1]| () Real)
(declare-fun |w[0,1,0,2]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,0,1]|)) (* (* |x[0,1,0,0]| |c[0,1,0,0]|) |w[0,1,0,1]|)) (* (* |x[0,0,0,1]| |c[0,0,0,0]|) |w[0,0,0,2]|)) (* (* |x[0,1,0,1]| |c[0,1,0,0]|) |w[0,1,0,2]|)))
; target side
(define-fun t!0 () Real (+ (+ (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,0,1]| |c[0,0,0,0]|))) (* |x[0,1,0,0]| (* |w[0,1,0,1]| |c[0,1,0,0]|))) (* |x[0,0,0,1]| (* |w[0,0,0,2]| |c[0,0,0,0]|))) (* |x[0,1,0,1]| (* |w[0,1,0,2]| |c[0,1,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 64: %x: (1, 2, 2, 1), %c: (1, 2, 1, 1), %w: (1, 2, 3, 1); $s = [2, 1], $p = [1, 0, 1, 0], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
(declare-fun |c[0,1,0,0]| () Real)
(declare-fun |w[0,1,1,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |w[0,0,2,0]| () Real)
(declare-fun |x[0,1,1,0]| () Real)
(declare-fun |w[0,1,2,0]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,0]|)) (* (* |x[0,1,0,0]| |c[0,1,0,0]|) |w[0,1,1,0]|)) (* (* |x[0,0,1,0]| |c[0,0,0,0]|) |w[0,0,2,0]|)) (* (* |x[0,1,1,0]| |c[0,1,0,0]|) |w[0,1,2,0]|)))
; target side
(define-fun t!0 () Real (+ (+ (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,1,0]| |c[0,0,0,0]|))) (* |x[0,1,0,0]| (* |w[0,1,1,0]| |c[0,1,0,0]|))) (* |x[0,0,1,0]| (* |w[0,0,2,0]| |c[0,0,0,0]|))) (* |x[0,1,1,0]| (* |w[0,1,2,0]| |c[0,1,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 65: %x: (1, 1, 1, 2), %c: (1, 1, 1, 1), %w: (1, 1, 3, 3); $s = [2, 2], $p = [1, 1, 1, 1], $d = [1, 1]
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |c[0,0,0,0]| () Real)
(declare-fun |w[0,0,1,1]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |w[0,0,1,2]| () Real)
; hypotheses
(assert true)
(assert (and (and (and (and true true) true) true) true))
; source side
(define-fun s!0 () Real (+ (+ 0.0 (* (* |x[0,0,0,0]| |c[0,0,0,0]|) |w[0,0,1,1]|)) (* (* |x[0,0,0,1]| |c[0,0,0,0]|) |w[0,0,1,2]|)))
; target side
(define-fun t!0 () Real (+ (+ 0.0 (* |x[0,0,0,0]| (* |w[0,0,1,1]| |c[0,0,0,0]|))) (* |x[0,0,0,1]| (* |w[0,0,1,2]| |c[0,0,0,0]|))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
