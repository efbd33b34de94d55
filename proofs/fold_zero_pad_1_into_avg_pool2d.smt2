; instance 1: %x: (1, 1, 1, 1); $k = [3, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 2: %x: (1, 1, 1, 1); $k = [3, 3], $s = [2, 2], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 3: %x: (1, 1, 1, 1); $k = [2, 2], $s = [2, 2], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) |x[0,0,0,0]|) 4.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 4: %x: (1, 1, 1, 1); $k = [2, 2], $s = [1, 1], $d = [2, 2], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ 0.0 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 5: %x: (1, 1, 1, 1); $k = [2, 3], $s = [1, 1], $d = [2, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 6: %x: (1, 1, 1, 1); $k = [3, 2], $s = [1, 1], $d = [1, 2], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 7: %x: (1, 1, 1, 1); $k = [3, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 8: %x: (1, 1, 1, 1); $k = [3, 3], $s = [2, 2], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 9: %x: (1, 1, 1, 1); $k = [2, 2], $s = [2, 2], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) |x[0,0,0,0]|) 4.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 10: %x: (1, 1, 1, 1); $k = [2, 2], $s = [1, 1], $d = [2, 2], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ 0.0 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 11: %x: (1, 1, 1, 1); $k = [2, 3], $s = [1, 1], $d = [2, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 12: %x: (1, 1, 1, 1); $k = [3, 2], $s = [1, 1], $d = [1, 2], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 13: %x: (1, 1, 1, 1); $k = [3, 2], $s = [1, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ 0.0 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ s!0 0.0) |x[0,0,0,0]|) 0.0) 0.0) 6.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 14: %x: (1, 1, 1, 1); $k = [2, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ s!0 0.0) 0.0) 0.0) |x[0,0,0,0]|) 0.0) 6.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 15: %x: (1, 1, 1, 1); $k = [3, 2], $s = [1, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ 0.0 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ s!0 0.0) |x[0,0,0,0]|) 0.0) 0.0) 6.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 16: %x: (1, 1, 1, 1); $k = [2, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ s!0 0.0) 0.0) 0.0) |x[0,0,0,0]|) 0.0) 6.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 17: %x: (1, 1, 1, 1); $k = [3, 1], $s = [2, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 3.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ s!0 0.0) 0.0) 3.0))
(define-fun s!2 () Real (/ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 3.0))
; target side
(define-fun t!0 () Real (/ 0.0 3.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,0,0]|) 3.0))
; claims
(push 1)
(assert (not (not (= 3.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 18: %x: (1, 1, 1, 1); $k = [1, 3], $s = [1, 2], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 3.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ s!0 0.0) 0.0) 3.0))
(define-fun s!2 () Real (/ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 3.0))
; target side
(define-fun t!0 () Real (/ 0.0 3.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,0,0]|) 3.0))
; claims
(push 1)
(assert (not (not (= 3.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 19: %x: (1, 1, 1, 1); $k = [3, 1], $s = [2, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 3.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ s!0 0.0) 0.0) 3.0))
(define-fun s!2 () Real (/ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 3.0))
; target side
(define-fun t!0 () Real (/ 0.0 3.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,0,0]|) 3.0))
; claims
(push 1)
(assert (not (not (= 3.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 20: %x: (1, 1, 1, 1); $k = [1, 3], $s = [1, 2], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 3.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ s!0 0.0) 0.0) 3.0))
(define-fun s!2 () Real (/ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 3.0))
; target side
(define-fun t!0 () Real (/ 0.0 3.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,0,0]|) 3.0))
; claims
(push 1)
(assert (not (not (= 3.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 21: %x: (1, 1, 1, 2); $k = [3, 3], $s = [2, 2], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,0,1]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 22: %x: (1, 1, 1, 2); $k = [3, 3], $s = [2, 2], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,0,1]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 23: %x: (1, 1, 2, 1); $k = [3, 3], $s = [2, 2], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) |x[0,0,0,0]|) 0.0) 0.0) |x[0,0,1,0]|) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,1,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 24: %x: (1, 1, 2, 1); $k = [3, 3], $s = [2, 2], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) |x[0,0,0,0]|) 0.0) 0.0) |x[0,0,1,0]|) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,1,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 25: %x: (1, 1, 1, 1); $k = [2, 2], $s = [1, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (+ s!0 0.0))
(define-fun s!2 () Real (/ (+ (+ s!1 0.0) |x[0,0,0,0]|) 4.0))
(define-fun s!3 () Real (/ (+ (+ s!1 |x[0,0,0,0]|) 0.0) 4.0))
(define-fun s!4 () Real (/ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 4.0))
(define-fun s!5 () Real (/ (+ (+ (+ (+ 0.0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!4 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!5 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 26: %x: (1, 1, 1, 1); $k = [2, 2], $s = [1, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (+ s!0 0.0))
(define-fun s!2 () Real (/ (+ (+ s!1 0.0) |x[0,0,0,0]|) 4.0))
(define-fun s!3 () Real (/ (+ (+ s!1 |x[0,0,0,0]|) 0.0) 4.0))
(define-fun s!4 () Real (/ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 4.0))
(define-fun s!5 () Real (/ (+ (+ (+ (+ 0.0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!4 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!5 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 27: %x: (1, 1, 1, 2); $k = [3, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ (+ 0.0 0.0) 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ (+ s!0 0.0) |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 0.0) 0.0) 9.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,0,1]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 28: %x: (1, 1, 1, 2); $k = [2, 2], $s = [2, 2], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ 0.0 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ s!0 0.0) |x[0,0,0,0]|) 4.0))
(define-fun s!2 () Real (/ (+ (+ s!0 |x[0,0,0,1]|) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 4.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,0,1]|) 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 29: %x: (1, 1, 1, 2); $k = [2, 2], $s = [1, 1], $d = [2, 2], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ 0.0 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 30: %x: (1, 1, 1, 2); $k = [2, 3], $s = [1, 1], $d = [2, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 31: %x: (1, 1, 1, 2); $k = [3, 2], $s = [1, 1], $d = [1, 2], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ 0.0 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ s!0 0.0) |x[0,0,0,1]|) 0.0) 0.0) 6.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,1]|) 6.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,0,0]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 32: %x: (1, 1, 1, 2); $k = [3, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ (+ 0.0 0.0) 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ (+ s!0 0.0) |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 0.0) 0.0) 9.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,0,1]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 33: %x: (1, 1, 1, 2); $k = [2, 2], $s = [2, 2], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ 0.0 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ s!0 0.0) |x[0,0,0,0]|) 4.0))
(define-fun s!2 () Real (/ (+ (+ s!0 |x[0,0,0,1]|) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 4.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,0,1]|) 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 34: %x: (1, 1, 1, 2); $k = [2, 2], $s = [1, 1], $d = [2, 2], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ 0.0 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 35: %x: (1, 1, 1, 2); $k = [2, 3], $s = [1, 1], $d = [2, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 36: %x: (1, 1, 1, 2); $k = [3, 2], $s = [1, 1], $d = [1, 2], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ 0.0 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ s!0 0.0) |x[0,0,0,1]|) 0.0) 0.0) 6.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,1]|) 6.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,0,0]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 37: %x: (1, 1, 2, 1); $k = [3, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ (+ (+ (+ s!0 0.0) 0.0) 0.0) |x[0,0,0,0]|) 0.0) 0.0) |x[0,0,1,0]|) 0.0) 9.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) |x[0,0,1,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,1,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 38: %x: (1, 1, 2, 1); $k = [2, 2], $s = [2, 2], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ s!0 0.0) 0.0) |x[0,0,0,0]|) 4.0))
(define-fun s!2 () Real (/ (+ (+ (+ s!0 |x[0,0,1,0]|) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 4.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,1,0]|) 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 39: %x: (1, 1, 2, 1); $k = [2, 2], $s = [1, 1], $d = [2, 2], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ 0.0 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 40: %x: (1, 1, 2, 1); $k = [2, 3], $s = [1, 1], $d = [2, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ s!0 0.0) 0.0) 0.0) |x[0,0,1,0]|) 0.0) 6.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,1,0]|) 6.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,0,0]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 41: %x: (1, 1, 2, 1); $k = [3, 2], $s = [1, 1], $d = [1, 2], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 42: %x: (1, 1, 2, 1); $k = [3, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ (+ (+ (+ s!0 0.0) 0.0) 0.0) |x[0,0,0,0]|) 0.0) 0.0) |x[0,0,1,0]|) 0.0) 9.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) |x[0,0,1,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,1,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 43: %x: (1, 1, 2, 1); $k = [2, 2], $s = [2, 2], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ s!0 0.0) 0.0) |x[0,0,0,0]|) 4.0))
(define-fun s!2 () Real (/ (+ (+ (+ s!0 |x[0,0,1,0]|) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 4.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,1,0]|) 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 44: %x: (1, 1, 2, 1); $k = [2, 2], $s = [1, 1], $d = [2, 2], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ 0.0 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 45: %x: (1, 1, 2, 1); $k = [2, 3], $s = [1, 1], $d = [2, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ s!0 0.0) 0.0) 0.0) |x[0,0,1,0]|) 0.0) 6.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,1,0]|) 6.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,0,0]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 46: %x: (1, 1, 2, 1); $k = [3, 2], $s = [1, 1], $d = [1, 2], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 47: %x: (1, 1, 1, 2); $k = [3, 2], $s = [1, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ 0.0 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ s!0 0.0) |x[0,0,0,0]|) 0.0) 0.0) 6.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 0.0) 6.0))
(define-fun s!3 () Real (/ (+ (+ (+ (+ s!0 |x[0,0,0,1]|) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (+ 0.0 |x[0,0,0,0]|))
(define-fun t!1 () Real (/ t!0 6.0))
(define-fun t!2 () Real (/ (+ t!0 |x[0,0,0,1]|) 6.0))
(define-fun t!3 () Real (/ (+ 0.0 |x[0,0,0,1]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 48: %x: (1, 1, 1, 2); $k = [1, 3], $s = [1, 2], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 3.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ s!0 0.0) 0.0) 3.0))
(define-fun s!2 () Real (/ (+ (+ s!0 |x[0,0,0,0]|) |x[0,0,0,1]|) 3.0))
; target side
(define-fun t!0 () Real (/ 0.0 3.0))
(define-fun t!1 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,0,1]|) 3.0))
; claims
(push 1)
(assert (not (not (= 3.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 49: %x: (1, 1, 1, 2); $k = [3, 2], $s = [1, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ 0.0 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ s!0 0.0) |x[0,0,0,0]|) 0.0) 0.0) 6.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 0.0) 6.0))
(define-fun s!3 () Real (/ (+ (+ (+ (+ s!0 |x[0,0,0,1]|) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (+ 0.0 |x[0,0,0,0]|))
(define-fun t!1 () Real (/ t!0 6.0))
(define-fun t!2 () Real (/ (+ t!0 |x[0,0,0,1]|) 6.0))
(define-fun t!3 () Real (/ (+ 0.0 |x[0,0,0,1]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 50: %x: (1, 1, 1, 2); $k = [1, 3], $s = [1, 2], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 3.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ s!0 0.0) 0.0) 3.0))
(define-fun s!2 () Real (/ (+ (+ s!0 |x[0,0,0,0]|) |x[0,0,0,1]|) 3.0))
; target side
(define-fun t!0 () Real (/ 0.0 3.0))
(define-fun t!1 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,0,1]|) 3.0))
; claims
(push 1)
(assert (not (not (= 3.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 51: %x: (1, 1, 2, 1); $k = [2, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ s!0 0.0) 0.0) 0.0) |x[0,0,0,0]|) 0.0) 6.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) |x[0,0,1,0]|) 0.0) 6.0))
(define-fun s!3 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,1,0]|) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (+ 0.0 |x[0,0,0,0]|))
(define-fun t!1 () Real (/ t!0 6.0))
(define-fun t!2 () Real (/ (+ t!0 |x[0,0,1,0]|) 6.0))
(define-fun t!3 () Real (/ (+ 0.0 |x[0,0,1,0]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 52: %x: (1, 1, 2, 1); $k = [3, 1], $s = [2, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 3.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ s!0 0.0) 0.0) 3.0))
(define-fun s!2 () Real (/ (+ (+ s!0 |x[0,0,0,0]|) |x[0,0,1,0]|) 3.0))
; target side
(define-fun t!0 () Real (/ 0.0 3.0))
(define-fun t!1 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,1,0]|) 3.0))
; claims
(push 1)
(assert (not (not (= 3.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 53: %x: (1, 1, 2, 1); $k = [2, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ s!0 0.0) 0.0) 0.0) |x[0,0,0,0]|) 0.0) 6.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) |x[0,0,1,0]|) 0.0) 6.0))
(define-fun s!3 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,1,0]|) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (+ 0.0 |x[0,0,0,0]|))
(define-fun t!1 () Real (/ t!0 6.0))
(define-fun t!2 () Real (/ (+ t!0 |x[0,0,1,0]|) 6.0))
(define-fun t!3 () Real (/ (+ 0.0 |x[0,0,1,0]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 54: %x: (1, 1, 2, 1); $k = [3, 1], $s = [2, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 3.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ s!0 0.0) 0.0) 3.0))
(define-fun s!2 () Real (/ (+ (+ s!0 |x[0,0,0,0]|) |x[0,0,1,0]|) 3.0))
; target side
(define-fun t!0 () Real (/ 0.0 3.0))
(define-fun t!1 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,1,0]|) 3.0))
; claims
(push 1)
(assert (not (not (= 3.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 55: %x: (1, 1, 1, 2); $k = [2, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (+ (+ s!0 0.0) 0.0))
(define-fun s!2 () Real (/ (+ (+ (+ s!1 0.0) |x[0,0,0,0]|) |x[0,0,0,1]|) 6.0))
(define-fun s!3 () Real (/ (+ (+ (+ s!1 |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 6.0))
(define-fun s!4 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 0.0) 0.0) 6.0))
(define-fun s!5 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,0,1]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!4 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!5 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 56: %x: (1, 1, 1, 2); $k = [3, 1], $s = [2, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 3.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ s!0 0.0) 0.0) 3.0))
(define-fun s!2 () Real (/ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 3.0))
(define-fun s!3 () Real (/ (+ (+ s!0 |x[0,0,0,1]|) 0.0) 3.0))
; target side
(define-fun t!0 () Real (/ 0.0 3.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,0,0]|) 3.0))
(define-fun t!2 () Real (/ (+ 0.0 |x[0,0,0,1]|) 3.0))
; claims
(push 1)
(assert (not (not (= 3.0 0.0))))
(check-sat)
(pop 1)
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
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 57: %x: (1, 1, 1, 2); $k = [2, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (+ (+ s!0 0.0) 0.0))
(define-fun s!2 () Real (/ (+ (+ (+ s!1 0.0) |x[0,0,0,0]|) |x[0,0,0,1]|) 6.0))
(define-fun s!3 () Real (/ (+ (+ (+ s!1 |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 6.0))
(define-fun s!4 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 0.0) 0.0) 6.0))
(define-fun s!5 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,0,1]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!4 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!5 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 58: %x: (1, 1, 1, 2); $k = [3, 1], $s = [2, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 3.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ s!0 0.0) 0.0) 3.0))
(define-fun s!2 () Real (/ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 3.0))
(define-fun s!3 () Real (/ (+ (+ s!0 |x[0,0,0,1]|) 0.0) 3.0))
; target side
(define-fun t!0 () Real (/ 0.0 3.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,0,0]|) 3.0))
(define-fun t!2 () Real (/ (+ 0.0 |x[0,0,0,1]|) 3.0))
; claims
(push 1)
(assert (not (not (= 3.0 0.0))))
(check-sat)
(pop 1)
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
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 59: %x: (1, 1, 2, 1); $k = [3, 2], $s = [1, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (+ s!0 0.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ s!1 0.0) |x[0,0,0,0]|) 0.0) |x[0,0,1,0]|) 6.0))
(define-fun s!3 () Real (/ (+ (+ (+ (+ s!1 |x[0,0,0,0]|) 0.0) |x[0,0,1,0]|) 0.0) 6.0))
(define-fun s!4 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) |x[0,0,1,0]|) 0.0) 0.0) 6.0))
(define-fun s!5 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 |x[0,0,0,0]|) 0.0) |x[0,0,1,0]|) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,1,0]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!4 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!5 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 60: %x: (1, 1, 2, 1); $k = [1, 3], $s = [1, 2], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 3.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ s!0 0.0) 0.0) 3.0))
(define-fun s!2 () Real (/ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 3.0))
(define-fun s!3 () Real (/ (+ (+ s!0 |x[0,0,1,0]|) 0.0) 3.0))
; target side
(define-fun t!0 () Real (/ 0.0 3.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,0,0]|) 3.0))
(define-fun t!2 () Real (/ (+ 0.0 |x[0,0,1,0]|) 3.0))
; claims
(push 1)
(assert (not (not (= 3.0 0.0))))
(check-sat)
(pop 1)
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
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 61: %x: (1, 1, 2, 1); $k = [3, 2], $s = [1, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (+ s!0 0.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ s!1 0.0) |x[0,0,0,0]|) 0.0) |x[0,0,1,0]|) 6.0))
(define-fun s!3 () Real (/ (+ (+ (+ (+ s!1 |x[0,0,0,0]|) 0.0) |x[0,0,1,0]|) 0.0) 6.0))
(define-fun s!4 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) |x[0,0,1,0]|) 0.0) 0.0) 6.0))
(define-fun s!5 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 |x[0,0,0,0]|) 0.0) |x[0,0,1,0]|) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,1,0]|) 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!3 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!4 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!5 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 62: %x: (1, 1, 2, 1); $k = [1, 3], $s = [1, 2], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 3.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (/ (+ (+ s!0 0.0) 0.0) 3.0))
(define-fun s!2 () Real (/ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 3.0))
(define-fun s!3 () Real (/ (+ (+ s!0 |x[0,0,1,0]|) 0.0) 3.0))
; target side
(define-fun t!0 () Real (/ 0.0 3.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,0,0,0]|) 3.0))
(define-fun t!2 () Real (/ (+ 0.0 |x[0,0,1,0]|) 3.0))
; claims
(push 1)
(assert (not (not (= 3.0 0.0))))
(check-sat)
(pop 1)
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
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 63: %x: (1, 1, 2, 2); $k = [3, 3], $s = [2, 2], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) |x[0,0,1,0]|) |x[0,0,1,1]|) 9.0))
; target side
(define-fun t!0 () Real (/ (+ (+ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,0,1]|) |x[0,0,1,0]|) |x[0,0,1,1]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 64: %x: (1, 1, 2, 2); $k = [3, 3], $s = [2, 2], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
(declare-fun |x[0,0,1,0]| () Real)
(declare-fun |x[0,0,1,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) |x[0,0,1,0]|) |x[0,0,1,1]|) 9.0))
; target side
(define-fun t!0 () Real (/ (+ (+ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,0,1]|) |x[0,0,1,0]|) |x[0,0,1,1]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 65: %x: (1, 2, 1, 1); $k = [3, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,1,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 9.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,1,0,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 66: %x: (1, 2, 1, 1); $k = [3, 3], $s = [2, 2], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,1,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 9.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,1,0,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 67: %x: (1, 2, 1, 1); $k = [2, 2], $s = [2, 2], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ (+ 0.0 0.0) 0.0) 0.0))
(define-fun s!1 () Real (/ (+ s!0 |x[0,0,0,0]|) 4.0))
(define-fun s!2 () Real (/ (+ s!0 |x[0,1,0,0]|) 4.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 4.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,1,0,0]|) 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 68: %x: (1, 2, 1, 1); $k = [2, 2], $s = [1, 1], $d = [2, 2], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ 0.0 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 69: %x: (1, 2, 1, 1); $k = [2, 3], $s = [1, 1], $d = [2, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 70: %x: (1, 2, 1, 1); $k = [3, 2], $s = [1, 1], $d = [1, 2], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 71: %x: (1, 2, 1, 1); $k = [3, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,1,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 9.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,1,0,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 72: %x: (1, 2, 1, 1); $k = [3, 3], $s = [2, 2], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,1,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 9.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,1,0,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 73: %x: (1, 2, 1, 1); $k = [2, 2], $s = [2, 2], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,1,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ (+ 0.0 0.0) 0.0) 0.0))
(define-fun s!1 () Real (/ (+ s!0 |x[0,0,0,0]|) 4.0))
(define-fun s!2 () Real (/ (+ s!0 |x[0,1,0,0]|) 4.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 4.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[0,1,0,0]|) 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 74: %x: (1, 2, 1, 1); $k = [2, 2], $s = [1, 1], $d = [2, 2], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ 0.0 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 75: %x: (1, 2, 1, 1); $k = [2, 3], $s = [1, 1], $d = [2, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 76: %x: (1, 2, 1, 1); $k = [3, 2], $s = [1, 1], $d = [1, 2], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 77: %x: (2, 1, 1, 1); $k = [3, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ s!0 |x[1,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 9.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[1,0,0,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 78: %x: (2, 1, 1, 1); $k = [3, 3], $s = [2, 2], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ s!0 |x[1,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 9.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[1,0,0,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 79: %x: (2, 1, 1, 1); $k = [2, 2], $s = [2, 2], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ (+ 0.0 0.0) 0.0) 0.0))
(define-fun s!1 () Real (/ (+ s!0 |x[0,0,0,0]|) 4.0))
(define-fun s!2 () Real (/ (+ s!0 |x[1,0,0,0]|) 4.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 4.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[1,0,0,0]|) 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 80: %x: (2, 1, 1, 1); $k = [2, 2], $s = [1, 1], $d = [2, 2], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ 0.0 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 81: %x: (2, 1, 1, 1); $k = [2, 3], $s = [1, 1], $d = [2, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 82: %x: (2, 1, 1, 1); $k = [3, 2], $s = [1, 1], $d = [1, 2], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 83: %x: (2, 1, 1, 1); $k = [3, 3], $s = [1, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ s!0 |x[1,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 9.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[1,0,0,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 84: %x: (2, 1, 1, 1); $k = [3, 3], $s = [2, 2], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 9.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0))
(define-fun s!1 () Real (/ (+ (+ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
(define-fun s!2 () Real (/ (+ (+ (+ (+ (+ s!0 |x[1,0,0,0]|) 0.0) 0.0) 0.0) 0.0) 9.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 9.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[1,0,0,0]|) 9.0))
; claims
(push 1)
(assert (not (not (= 9.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 85: %x: (2, 1, 1, 1); $k = [2, 2], $s = [2, 2], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[1,0,0,0]| () Real)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (+ (+ (+ 0.0 0.0) 0.0) 0.0))
(define-fun s!1 () Real (/ (+ s!0 |x[0,0,0,0]|) 4.0))
(define-fun s!2 () Real (/ (+ s!0 |x[1,0,0,0]|) 4.0))
; target side
(define-fun t!0 () Real (/ (+ 0.0 |x[0,0,0,0]|) 4.0))
(define-fun t!1 () Real (/ (+ 0.0 |x[1,0,0,0]|) 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!1 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!2 t!1)))
(check-sat)
(pop 1)
(reset)
; instance 86: %x: (2, 1, 1, 1); $k = [2, 2], $s = [1, 1], $d = [2, 2], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (/ 0.0 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 87: %x: (2, 1, 1, 1); $k = [2, 3], $s = [1, 1], $d = [2, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 88: %x: (2, 1, 1, 1); $k = [3, 2], $s = [1, 1], $d = [1, 2], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
; hypotheses
(assert true)
(assert (not (= 6.0 0.0)))
; source side
(define-fun s!0 () Real (/ (+ (+ (+ (+ (+ (+ 0.0 0.0) 0.0) 0.0) 0.0) 0.0) 0.0) 6.0))
; target side
(define-fun t!0 () Real (/ 0.0 6.0))
; claims
(push 1)
(assert (not (not (= 6.0 0.0))))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!0 t!0)))
(check-sat)
(pop 1)
(reset)
; instance 89: %x: (1, 1, 1, 2); $k = [2, 2], $s = [1, 1], $d = [1, 1], out.count_include_pad = 0
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (+ s!0 0.0))
(define-fun s!2 () Real (/ (+ (+ s!1 0.0) |x[0,0,0,0]|) 4.0))
(define-fun s!3 () Real (/ (+ (+ s!1 |x[0,0,0,0]|) |x[0,0,0,1]|) 4.0))
(define-fun s!4 () Real (/ (+ (+ s!1 |x[0,0,0,1]|) 0.0) 4.0))
(define-fun s!5 () Real (/ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 4.0))
(define-fun s!6 () Real (/ (+ (+ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 0.0) 4.0))
(define-fun s!7 () Real (/ (+ (+ (+ (+ 0.0 |x[0,0,0,1]|) 0.0) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (+ 0.0 |x[0,0,0,0]|))
(define-fun t!1 () Real (/ t!0 4.0))
(define-fun t!2 () Real (/ (+ t!0 |x[0,0,0,1]|) 4.0))
(define-fun t!3 () Real (/ (+ 0.0 |x[0,0,0,1]|) 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
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
(push 1)
(assert (not (= s!4 t!3)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!5 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!6 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!7 t!3)))
(check-sat)
(pop 1)
(reset)
; instance 90: %x: (1, 1, 1, 2); $k = [2, 2], $s = [1, 1], $d = [1, 1], out.count_include_pad = 1
; logic QF_NRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,1]| () Real)
; hypotheses
(assert true)
(assert (not (= 4.0 0.0)))
; source side
(define-fun s!0 () Real (+ 0.0 0.0))
(define-fun s!1 () Real (+ s!0 0.0))
(define-fun s!2 () Real (/ (+ (+ s!1 0.0) |x[0,0,0,0]|) 4.0))
(define-fun s!3 () Real (/ (+ (+ s!1 |x[0,0,0,0]|) |x[0,0,0,1]|) 4.0))
(define-fun s!4 () Real (/ (+ (+ s!1 |x[0,0,0,1]|) 0.0) 4.0))
(define-fun s!5 () Real (/ (+ (+ (+ s!0 |x[0,0,0,0]|) 0.0) 0.0) 4.0))
(define-fun s!6 () Real (/ (+ (+ (+ (+ 0.0 |x[0,0,0,0]|) |x[0,0,0,1]|) 0.0) 0.0) 4.0))
(define-fun s!7 () Real (/ (+ (+ (+ (+ 0.0 |x[0,0,0,1]|) 0.0) 0.0) 0.0) 4.0))
; target side
(define-fun t!0 () Real (+ 0.0 |x[0,0,0,0]|))
(define-fun t!1 () Real (/ t!0 4.0))
(define-fun t!2 () Real (/ (+ t!0 |x[0,0,0,1]|) 4.0))
(define-fun t!3 () Real (/ (+ 0.0 |x[0,0,0,1]|) 4.0))
; claims
(push 1)
(assert (not (not (= 4.0 0.0))))
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
(push 1)
(assert (not (= s!4 t!3)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!5 t!1)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!6 t!2)))
(check-sat)
(pop 1)
(push 1)
(assert (not (= s!7 t!3)))
(check-sat)
(pop 1)
